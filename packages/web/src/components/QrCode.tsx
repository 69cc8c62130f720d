import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/** A QR code image for a URL; the encoder loads on demand. */
export function QrCode({ value, size = 160 }: { value: string; size?: number }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: size * 2, margin: 4, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value, size]);
  if (failed) return <p className="field-error">{t`Could not draw the QR code.`}</p>;
  if (!src)
    return <div className="qr-placeholder" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img className="qr-code" src={src} width={size} height={size} alt={t`QR code for ${value}`} />;
}
