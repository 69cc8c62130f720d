/**
 * A share's access log for its owner: a chart of the last days and a table of the newest events, with
 * a CSV export. Any share kind: `<ShareActivity kind="path" shareId={id} />` (the admin panel's
 * `ActivityDialog` wraps it; the owner's share page shows it under the share).
 */
import {
  type AccessAction,
  type AccessEvent,
  type AccessOutcome,
  type AccessShareKind,
  formatBytes,
} from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { downloadFile } from '../../lib/download.ts';
import { ActivityChart } from './ActivityChart.tsx';
import { activityDays } from './activityDays.ts';
import './shareActivity.css';

/** The newest events read at once: the chart's days and the table's pages come from these. */
const READ_AT_MOST = 1000;
const ROWS_PER_PAGE = 20;
const CHART_DAYS = 14;

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; items: AccessEvent[]; total: number };

export function ShareActivity({
  kind,
  shareId,
  titled = true,
}: {
  kind: AccessShareKind;
  shareId: string;
  /** False inside a dialog that already names it: the section is then labelled, not headed. */
  titled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const { client } = useServices();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [shown, setShown] = useState(ROWS_PER_PAGE);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the refresh button's way to load again
  useEffect(() => {
    let live = true;
    client.accessLog.list({ share_kind: kind, share_id: shareId, limit: READ_AT_MOST }).then(
      ({ items, total }) => live && setState({ kind: 'ready', items, total }),
      (err) => live && setState({ kind: 'failed', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [client, kind, shareId, attempt]);

  const actionText: Record<AccessAction, string> = {
    view: t`Viewed`,
    download: t`Downloaded`,
    list: t`Listed`,
    zip: t`Downloaded as ZIP`,
    upload: t({ message: 'Uploaded', context: 'an access log action' }),
    verify: t`Password tried`,
  };
  const outcomeText: Record<AccessOutcome, string> = {
    ok: t`OK`,
    wrong_password: t`Wrong password`,
    expired: t`Expired`,
    used_up: t`View limit reached`,
    refused: t`Refused`,
  };
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));

  async function exportCsv() {
    try {
      const csv = await client.accessLog.csv({ share_kind: kind, share_id: shareId });
      downloadFile(new Blob([csv], { type: 'text/csv' }), `access-log-${shareId}.csv`);
    } catch (err) {
      setState({ kind: 'failed', message: errorMessage(err) });
    }
  }

  return (
    <section
      className="share-activity"
      aria-labelledby={titled ? `activity-${shareId}` : undefined}
      aria-label={titled ? undefined : t`Activity`}
    >
      <div className="share-activity-head">
        {titled && <h2 id={`activity-${shareId}`}>{t`Activity`}</h2>}
        <span className="spacer" />
        <button type="button" className="button small" onClick={() => setAttempt((n) => n + 1)}>
          {t`Refresh`}
        </button>
        <button
          type="button"
          className="button small"
          disabled={state.kind !== 'ready' || state.total === 0}
          onClick={() => void exportCsv()}
        >
          {t`Export CSV`}
        </button>
      </div>
      {state.kind === 'loading' && <p className="muted">{t`Loading…`}</p>}
      {state.kind === 'failed' && (
        <p className="state error" role="alert">
          {t`The activity could not be loaded: ${state.message}`}
        </p>
      )}
      {state.kind === 'ready' && state.total === 0 && (
        <p className="muted" data-testid="activity-empty">
          {t`Nobody has opened this share yet. Your own opens are not counted.`}
        </p>
      )}
      {state.kind === 'ready' && state.total > 0 && (
        <>
          <ActivityChart days={activityDays(state.items, CHART_DAYS, Date.now())} />
          <div className="activity-table-wrap">
            <table className="activity-table">
              <caption className="visually-hidden">{t`Accesses, newest first`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`When`}</th>
                  <th scope="col">{t`What`}</th>
                  <th scope="col">{t`Outcome`}</th>
                  <th scope="col">{t`Address`}</th>
                  <th scope="col">{t`Size`}</th>
                  <th scope="col">{t`Client`}</th>
                </tr>
              </thead>
              <tbody>
                {state.items.slice(0, shown).map((e) => (
                  <tr key={e.id}>
                    <td>{when(e.at)}</td>
                    <td>
                      {actionText[e.action]}
                      {e.path && <span className="muted"> {e.path}</span>}
                    </td>
                    <td className={e.outcome === 'ok' ? '' : 'activity-refusal'}>{outcomeText[e.outcome]}</td>
                    <td>{e.ip ?? '—'}</td>
                    <td>{e.bytes === null ? '—' : formatBytes(e.bytes)}</td>
                    <td className="activity-agent" title={e.user_agent ?? undefined}>
                      {e.user_agent ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">
            {state.total > state.items.length
              ? t`Showing the newest ${Math.min(shown, state.items.length)} of ${state.total} accesses (the chart counts the newest ${state.items.length}).`
              : t`Showing ${Math.min(shown, state.items.length)} of ${state.total} accesses.`}{' '}
            {shown < state.items.length && (
              <button
                type="button"
                className="link-button"
                onClick={() => setShown((n) => n + ROWS_PER_PAGE)}
              >
                {t`Show more`}
              </button>
            )}
          </p>
        </>
      )}
    </section>
  );
}
