import { useLingui } from '@lingui/react/macro';

export default function PasteViewPage() {
  const { t } = useLingui();
  return (
    <section className="page">
      <h1>{t`PasteViewPage`}</h1>
    </section>
  );
}
