import { useLingui } from '@lingui/react/macro';

export default function HomePage() {
  const { t } = useLingui();
  return (
    <section className="page">
      <h1>{t`HomePage`}</h1>
    </section>
  );
}
