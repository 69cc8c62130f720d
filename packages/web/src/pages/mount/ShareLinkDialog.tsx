/**
 * "Share link" on a file or folder: the links this path already has (each with its views, expiry and a
 * delete), and a new one with a password, an expiry and a view limit. The link opens `/s/{slug}`.
 */
import type { FsItem, PathShareRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { Field } from '../admin/shared/FormFields.tsx';
import { useFeedback } from '../admin/shared/feedback.ts';
import { CopyLinkButton, ExpirySelect, OptionalPasswordField, useCopyLink } from './linkFields.tsx';

/** Seconds; -1 = never (links.md). */
const EXPIRY_CHOICES = [3600, 86_400, 604_800, 2_592_000, -1] as const;

export function ShareLinkDialog({ item, onClose }: { item: FsItem; onClose(): void }) {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const [links, setLinks] = useState<PathShareRecord[] | null>(null);
  const [expiresIn, setExpiresIn] = useState<number>(604_800);
  const [password, setPassword] = useState('');
  const [maxViews, setMaxViews] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<PathShareRecord | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: feedback and t are new every render; the path decides
  useEffect(() => {
    let live = true;
    client.pathShares.list({ path: item.path, limit: 50 }).then(
      (r) => live && setLinks(r.items),
      (err) => {
        if (!live) return;
        setLinks([]);
        feedback.fail(t`Could not load the links of this path`, err);
      },
    );
    return () => {
      live = false;
    };
  }, [client, item.path]);

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const share = await client.pathShares.create({
        path: item.path,
        expires_in: expiresIn,
        password: password || undefined,
        max_views: maxViews ? Number(maxViews) : undefined,
      });
      setMade(share);
      setLinks((all) => [share, ...(all ?? [])]);
    } catch (err) {
      feedback.fail(t`Could not create the link`, err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(share: PathShareRecord) {
    try {
      await client.pathShares.remove(share.id);
      setLinks((all) => (all ?? []).filter((s) => s.id !== share.id));
      if (made?.id === share.id) setMade(null);
      feedback.ok(t`Link deleted`);
    } catch (err) {
      feedback.fail(t`Could not delete the link`, err);
    }
  }

  const copy = useCopyLink();

  return (
    <Dialog
      title={t`Share link to ${item.name}`}
      name="share-link"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t`Close`}
        </button>
      }
    >
      <section aria-label={t`Existing links`}>
        <h3>{t`Existing links`}</h3>
        {links === null ? (
          <p className="muted">{t`Loading…`}</p>
        ) : links.length === 0 ? (
          <p className="muted">{t`This path has no links yet.`}</p>
        ) : (
          <ul className="share-links">
            {links.map((s) => (
              <li key={s.id} data-slug={s.slug}>
                <span className="mono">{s.url}</span>
                <span className="muted">
                  {s.max_views ? t`${s.views} of ${s.max_views} views` : t`${s.views} views`}
                  {s.requires_password ? ` · ${t`password`}` : ''}
                  {` · ${s.expires_at ? t`until ${new Date(s.expires_at).toLocaleString()}` : t`never expires`}`}
                </span>
                <span className="actions">
                  <button type="button" className="button small" onClick={() => void copy(s.url)}>
                    {t`Copy ${s.slug}`}
                  </button>
                  <button type="button" className="button small danger" onClick={() => void remove(s)}>
                    {t`Delete ${s.slug}`}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="form" onSubmit={create}>
        <h3>{t`New link`}</h3>
        <ExpirySelect label={t`Expires`} choices={EXPIRY_CHOICES} value={expiresIn} onChange={setExpiresIn} />
        <OptionalPasswordField value={password} onChange={setPassword} />
        <Field label={t`Max views (optional)`}>
          <input
            type="number"
            name="max_views"
            min={0}
            inputMode="numeric"
            value={maxViews}
            onChange={(e) => setMaxViews(e.target.value)}
          />
        </Field>
        <button type="submit" className="button primary" disabled={busy}>
          {t`Create link`}
        </button>
        {made && (
          <div className="actions">
            <input
              className="mono"
              readOnly
              value={made.url}
              aria-label={t`New link`}
              data-testid="share-link-url"
            />
            <CopyLinkButton url={made.url} />
          </div>
        )}
      </form>
    </Dialog>
  );
}
