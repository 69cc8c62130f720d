import type { PasteView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { useDecryptedPaste } from '../../lib/e2e/useDecryptedPaste.ts';
import { useE2eMessage } from '../../lib/e2e/useE2eMessage.ts';
import { useCopyToast } from '../../shell/useCopyToast.ts';
import { EncryptedBadge } from '../share/EncryptedBadge.tsx';
import { ShareView } from '../share/ShareView.tsx';
import { useShare } from '../share/useShare.ts';

// Only the share's owner sees its activity: loaded when needed.
const ShareActivity = lazy(() =>
  import('../../components/activity/ShareActivity.tsx').then((m) => ({ default: m.ShareActivity })),
);

const MarkdownView = lazy(() =>
  import('../../components/MarkdownView.tsx').then((m) => ({ default: m.MarkdownView })),
);

/** A text share as its reader sees it (spec section 2, /paste/{slug}); an encrypted one is decrypted here. */
export default function PasteViewPage() {
  const { t } = useLingui();
  const { client, sharePrefetch } = useServices();
  const copy = useCopyToast();
  const slug = useParams().slug ?? '';
  const { hash } = useLocation();
  const gate = useShare<PasteView>({
    slug,
    // Every read counts a view: the route's loader started the first read; a retry reads again.
    load: () => sharePrefetch.paste.take(slug) ?? client.pastes.get(slug),
    unlock: (pw) => client.pastes.unlock(slug, pw),
    deps: [client, sharePrefetch],
  });

  const e2eMessage = useE2eMessage();

  const body = (format: PasteView['format'], content: string) => (
    <div className="card share-content" data-testid="share-content">
      {format === 'markdown' ? (
        <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
          <MarkdownView source={content} />
        </Suspense>
      ) : (
        <pre className="plain-text">{content}</pre>
      )}
    </div>
  );
  // The server names the share's id only to its owner.
  const shown = gate.state.kind === 'ready' ? gate.state.share : null;
  const activity = shown?.id ? (
    <Suspense fallback={null}>
      <ShareActivity kind="text" shareId={shown.id} />
    </Suspense>
  ) : null;
  const decrypted = useDecryptedPaste(shown, hash);
  const copyButton = (content: string) => (
    <button type="button" className="button primary" onClick={() => copy(content, t`Content copied`)}>
      {t`Copy content`}
    </button>
  );

  return (
    <ShareView
      gate={gate}
      lockedText={t`This text share is protected. Enter its password to read it.`}
      newShare={{ to: pathFor('home'), label: t`Create a new share` }}
      open={(paste) => {
        if (decrypted) {
          const opened = decrypted.kind === 'ready' ? decrypted.paste : null;
          return {
            title: opened?.title ?? '',
            heading: opened?.title || t`Text share`,
            details: <EncryptedBadge />,
            actions: opened ? copyButton(opened.content) : null,
            body: (
              <>
                {opened ? (
                  body(opened.format, opened.content)
                ) : decrypted.kind === 'failed' ? (
                  <p className="notice e2e-error" role="alert" data-testid="decrypt-error">
                    {e2eMessage(decrypted.code)}
                  </p>
                ) : (
                  <p className="muted">{t`Decrypting…`}</p>
                )}
                {activity}
              </>
            ),
          };
        }
        return {
          title: paste.title ?? '',
          heading: paste.title || t`Text share`,
          actions: (
            <>
              {copyButton(paste.content)}
              <a
                className="button"
                href={client.pastes.rawUrl(slug, { token: paste.token })}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t`Raw text`}
              </a>
            </>
          ),
          body: (
            <>
              {body(paste.format, paste.content)}
              {activity}
            </>
          ),
        };
      }}
    />
  );
}
