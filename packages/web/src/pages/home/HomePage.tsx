import { ClipError, contentProblem, type PasteCreated } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.ts';
import { signInPath } from '../../app/signInReturn.ts';
import { EncryptSwitch } from '../../components/EncryptSwitch.tsx';
import { ShareOptionsFields } from '../../components/ShareOptionsFields.tsx';
import { errorMessage } from '../../i18n/errorMessage.ts';
import {
  DEFAULT_SHARE_OPTIONS,
  type ShareOptions,
  shareOptionsBody,
  validateShareOptions,
} from '../../lib/shareOptions.ts';
import { ContentActions } from './ContentActions.tsx';
import { RecentShares } from './RecentShares.tsx';
import { ShareResult } from './ShareResult.tsx';
import { useDraft } from './useDraft.ts';
import './home.css';

const MarkdownEditor = lazy(() => import('./MarkdownEditor.tsx'));

type Format = 'markdown' | 'text';

/** Home: write text or Markdown and share it (spec section 2, text share page). */
export default function HomePage() {
  useSignals();
  const { t, i18n } = useLingui();
  const { client, auth, preferences } = useServices();
  const format: Format = preferences.preferences.value.editorMode;
  const [content, setContent] = useState('');
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_SHARE_OPTIONS);
  const [attempted, setAttempted] = useState(false);
  const [encrypt, setEncrypt] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<PasteCreated | null>(null);
  // The password just set, shown once on the result card (the server keeps only its hash).
  const [createdPassword, setCreatedPassword] = useState('');
  const [recentKey, setRecentKey] = useState(0);
  const draft = useDraft(content, setContent);
  const hideResult = useCallback(() => setCreated(null), []);

  const problems = validateShareOptions(options);
  const contentError = attempted && contentProblem(content) ? t`Content cannot be empty` : null;
  const canCreate = auth.isAuthenticated.value && auth.permissions.value.text;
  const setFormat = (next: Format) => void preferences.update({ editorMode: next });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    setError(null);
    if (contentProblem(content) || Object.keys(problems).length > 0) return;
    if (!auth.isAuthenticated.value)
      return setError(t`Permission required, please log in or configure an API key`);
    if (!auth.permissions.value.text) return setError(t`This API key may not create text shares`);
    setSubmitting(true);
    try {
      const result = await client.pastes.create({ content, format, ...shareOptionsBody(options), encrypt });
      setCreated(result);
      setCreatedPassword(options.password);
      // The form starts a new share: the text just shared is not published a second time by a
      // second click, with or without the settings it had (its link stays under "Your recent shares").
      setContent('');
      setOptions(DEFAULT_SHARE_OPTIONS);
      setAttempted(false);
      setRecentKey((n) => n + 1);
      draft.clear();
    } catch (err) {
      setError(
        err instanceof ClipError && err.status === 403
          ? t`This API key may not create text shares`
          : errorMessage(err),
      );
    } finally {
      setSubmitting(false);
    }
  }

  function clearAll() {
    setContent('');
    setCreated(null);
    setError(null);
    setAttempted(false);
    setOptions(DEFAULT_SHARE_OPTIONS);
    draft.clear();
  }

  const savedAt = draft.offer
    ? i18n.date(new Date(draft.offer.savedAt), { dateStyle: 'medium', timeStyle: 'short' })
    : '';

  return (
    <div className="home">
      <h1 className="visually-hidden">{t`New text share`}</h1>
      {draft.offer && (
        <div className="banner" role="status" data-testid="draft-offer">
          <span>{t`A draft from ${savedAt} is available.`}</span>
          <button
            type="button"
            className="button small primary"
            onClick={() => {
              if (draft.offer) setContent(draft.offer.content);
              draft.dismissOffer();
            }}
          >
            {t`Restore draft`}
          </button>
          <button type="button" className="button small" onClick={draft.clear}>
            {t`Discard`}
          </button>
        </div>
      )}
      {!canCreate && (
        <p className="notice" role="note">
          {auth.isAuthenticated.value
            ? t`This API key may not create text shares.`
            : t`Sign in to create shares: anyone can read the shares they are given.`}{' '}
          {!auth.isAuthenticated.value && (
            <Link to={signInPath('/')} onClick={draft.keepForSignIn}>
              {t`Sign in`}
            </Link>
          )}
        </p>
      )}
      {created && <ShareResult created={created} password={createdPassword} onHidden={hideResult} />}
      <form className="side-grid" onSubmit={submit} noValidate>
        <section className="editor-card card" aria-label={t`Content`}>
          <div className="editor-head">
            <div className="tabs compact" role="tablist" aria-label={t`Editor`}>
              {(['markdown', 'text'] as const).map((f) => (
                <button
                  key={f}
                  type="button"
                  role="tab"
                  aria-selected={format === f}
                  className={`tab${format === f ? ' active' : ''}`}
                  onClick={() => setFormat(f)}
                >
                  {f === 'markdown' ? t`Markdown` : t`Plain text`}
                </button>
              ))}
            </div>
            <ContentActions
              content={content}
              format={format}
              onClear={clearAll}
              onImport={(text, detected) => {
                setContent(text);
                if (detected) setFormat(detected);
              }}
            />
          </div>
          {format === 'markdown' && auth.isAuthenticated.value ? (
            <Suspense fallback={<div className="editor-loading muted">{t`Loading editor…`}</div>}>
              <MarkdownEditor
                value={content}
                onChange={setContent}
                label={t`Markdown content`}
                placeholder={t`Write Markdown here…`}
              />
            </Suspense>
          ) : format === 'markdown' ? (
            // Signed-out visitors cannot create shares: a plain field spares them the editor's download.
            <textarea
              className="plain-editor"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              aria-label={t`Markdown content`}
              placeholder={t`Write Markdown here…`}
              spellCheck={false}
              data-testid="markdown-plain-input"
            />
          ) : (
            <textarea
              className="plain-editor"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              aria-label={t`Plain text content`}
              placeholder={t`Paste or type text here…`}
              spellCheck={false}
              data-testid="plain-input"
            />
          )}
          {contentError && (
            <p className="field-error" role="alert">
              {contentError}
            </p>
          )}
        </section>
        <aside className="options-card card">
          <h2>{t`Share options`}</h2>
          <ShareOptionsFields
            value={options}
            onChange={setOptions}
            problems={attempted ? problems : liveProblems(problems, options)}
          />
          <EncryptSwitch checked={encrypt} onChange={setEncrypt} />
          {error && (
            <p className="field-error" role="alert" data-testid="create-error">
              {error}
            </p>
          )}
          <button type="submit" className="button primary wide" disabled={submitting}>
            {submitting ? t`Creating…` : t`Create share`}
          </button>
        </aside>
      </form>
      {canCreate && <RecentShares refreshKey={recentKey} />}
    </div>
  );
}

/** Before a submit, only fields that hold something show their problem. */
function liveProblems(problems: ReturnType<typeof validateShareOptions>, o: ShareOptions) {
  return {
    slug: o.slug ? problems.slug : undefined,
    expiry: o.expiryAmount !== DEFAULT_SHARE_OPTIONS.expiryAmount ? problems.expiry : undefined,
    maxViews: o.maxViews !== DEFAULT_SHARE_OPTIONS.maxViews ? problems.maxViews : undefined,
  };
}
