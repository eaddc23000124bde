import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitorControlSize } from '../visitor-form-theme';
import './visit-steps.css';
import { downscalePhoto, UnreadablePhotoError } from './downscale-photo';

export interface VisitPhotoPickerProps {
  /** Sends the photo (made small); rejects when it was not saved. */
  onPick: (photo: File) => Promise<unknown>;
  isSending: boolean;
  /** Whether a photo was given already (before this page too): it can be replaced. */
  hasPhoto: boolean;
  size: VisitorControlSize;
}

/**
 * The visitor's photo (on their pass and at the kiosk): a button that opens the front camera on a phone
 * or a tablet (a file input with `capture`, hidden behind the button), the photo made small in the
 * browser before it is sent, and shown once saved.
 */
export function VisitPhotoPicker({ onPick, isSending, hasPhoto, size }: VisitPhotoPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [isPreparing, setPreparing] = useState(false);
  const [isUnreadable, setUnreadable] = useState(false);

  // The shown photo's address is let go when another replaces it, and when the picker goes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Emptied, so that the same file chosen again is a change again.
    event.target.value = '';
    if (!chosen) return;
    setUnreadable(false);
    setPreparing(true);
    try {
      const photo = await downscalePhoto(chosen);
      await onPick(photo);
      setPreview(URL.createObjectURL(photo));
    } catch (failure) {
      // A refused upload is said by the caller; an unreadable photo here.
      if (failure instanceof UnreadablePhotoError) setUnreadable(true);
    } finally {
      setPreparing(false);
    }
  };

  const isBusy = isPreparing || isSending;
  return (
    <div className={`visit-steps-photo is-${size}`}>
      <p className="visit-steps-help">{t('visitor.visitSteps.photoHelp')}</p>
      {hasPhoto ? (
        <div className="visit-steps-photo-given" role="status" data-testid="visit-steps-photo-given">
          {preview ? <img src={preview} alt={t('visitor.visitSteps.photoAlt')} className="visit-steps-photo-preview" data-testid="visit-steps-photo-preview" /> : null}
          <span className="visit-steps-done-mark">
            <CheckCircleFilled aria-hidden /> {t('visitor.visitSteps.photoGiven')}
          </span>
        </div>
      ) : null}
      {isUnreadable ? <Alert type="error" showIcon title={t('visitor.visitSteps.photoUnreadable')} className="visit-steps-alert" data-testid="visit-steps-photo-unreadable" /> : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="user"
        className="visit-steps-photo-input"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => void choose(event)}
        data-testid="visit-steps-photo-input"
      />
      <Button type={hasPhoto ? 'default' : 'primary'} block icon={<CameraOutlined />} loading={isBusy} onClick={() => input.current?.click()} data-testid="visit-steps-photo-take">
        {t(hasPhoto ? 'visitor.visitSteps.photoReplace' : 'visitor.visitSteps.photoTake')}
      </Button>
    </div>
  );
}
