/** A QR code of a share link, drawn in the browser (the qrcode package loads with the dialog). */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CopyButton } from './CopyButton.tsx';
import { Dialog } from './Dialog.tsx';

export function QrDialog({ url, title, onClose }: { url: string; title: string; onClose(): void }) {
  const { t } = useLingui();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' }))
      .then((data) => live && setImage(data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Dialog
      title={title}
      name="qr"
      onClose={onClose}
      footer={
        <>
          {image && (
            <a className="button small" href={image} download="clip-qr.png">
              {t`Download PNG`}
            </a>
          )}
          <CopyButton text={url} />
        </>
      }
    >
      {image ? (
        <img className="qr-image" src={image} width={240} height={240} alt={t`QR code for ${url}`} />
      ) : (
        <p className="muted">{failed ? t`Could not draw the QR code.` : t`Loading…`}</p>
      )}
      <p className="mono cell-sub" style={{ textAlign: 'center' }}>
        {url}
      </p>
    </Dialog>
  );
}
