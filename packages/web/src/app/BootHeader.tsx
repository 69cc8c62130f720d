/**
 * What shows while the first page's code, catalogs and guard load: the header bar and the brand, the
 * same markup index.html paints before the app's JavaScript runs (so the first paint does not wait
 * for the app, and the app taking over the page does not blank it). No text to translate, nothing to
 * interact with; not `.site-header`, which marks the app as rendered.
 */
export function BootHeader() {
  return (
    <div className="app">
      <header className="boot-header">
        <div className="header-row">
          <span className="brand">
            <img src="/icons/icon.svg" alt="" width="28" height="28" />
            <span>clip</span>
          </span>
        </div>
      </header>
    </div>
  );
}
