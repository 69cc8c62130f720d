import type { PasteView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { useCopyToast } from '../../shell/useCopyToast.ts';
import { ShareView } from '../share/ShareView.tsx';
import { useShare } from '../share/useShare.ts';

// Only the share's owner sees its activity: loaded when needed.
const ShareActivity = lazy(() =>
  import('../../components/activity/ShareActivity.tsx').then((m) => ({ default: m.ShareActivity })),
);

const MarkdownView = lazy(() =>
  import('../../components/MarkdownView.tsx').then((m) => ({ default: m.MarkdownView })),
);

/** A text share as its reader sees it (spec section 2, /paste/{slug}). */
export default function PasteViewPage() {
  const { t } = useLingui();
  const { client, sharePrefetch } = useServices();
  const copy = useCopyToast();
  const slug = useParams().slug ?? '';
  const gate = useShare<PasteView>({
    slug,
    // Every read counts a view: the route's loader started the first read; a retry reads again.
    load: () => sharePrefetch.paste.take(slug) ?? client.pastes.get(slug),
    unlock: (pw) => client.pastes.unlock(slug, pw),
    deps: [client, sharePrefetch],
  });

  return (
    <ShareView
      gate={gate}
      lockedText={t`This text share is protected. Enter its password to read it.`}
      newShare={{ to: pathFor('home'), label: t`Create a new share` }}
      open={(paste) => ({
        title: paste.title ?? '',
        heading: paste.title || t`Text share`,
        actions: (
          <>
            <button
              type="button"
              className="button primary"
              onClick={() => copy(paste.content, t`Content copied`)}
            >
              {t`Copy content`}
            </button>
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
            <div className="card share-content" data-testid="share-content">
              {paste.format === 'markdown' ? (
                <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
                  <MarkdownView source={paste.content} />
                </Suspense>
              ) : (
                <pre className="plain-text">{paste.content}</pre>
              )}
            </div>
            {/* The server names the share's id only to its owner. */}
            {paste.id && (
              <Suspense fallback={null}>
                <ShareActivity kind="text" shareId={paste.id} />
              </Suspense>
            )}
          </>
        ),
      })}
    />
  );
}
