import { useLingui } from '@lingui/react/macro';

export default function FileViewPage() {
  const { t } = useLingui();
  return (
    <section className="page">
      <h1>{t`FileViewPage`}</h1>
    </section>
  );
}
