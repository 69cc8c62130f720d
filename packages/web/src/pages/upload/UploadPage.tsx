import { useLingui } from '@lingui/react/macro';

export default function UploadPage() {
  const { t } = useLingui();
  return (
    <section className="page">
      <h1>{t`UploadPage`}</h1>
    </section>
  );
}
