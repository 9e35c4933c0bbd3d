/**
 * An image field: pick a file, check it, hand it to the caller's upload, show progress, then the preview.
 * An oversized file reports {code: 'maxSize', message: 'image too large'} through onReject and clears the field;
 * a file of another format reports code 'format'. A failed upload is silent (platform.md §8) and leaves the
 * previous image. Props: value (current image address, '' for none), onChange(address), upload(file, onProgress)
 * => Promise<address> (the caller does the HTTP and builds the address from the reply), onReject(rejection),
 * label, chooseText, uploadingText, maxBytes (default 5 MB), formats (default jpeg, jpg, png), disabled.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { visuallyHiddenClass } from '../visually-hidden/VisuallyHidden.tsx';
import { checkImageFile, IMAGE_FORMATS, IMAGE_MAX_BYTES, type ImageRejection } from './image-file-rules.ts';
import styles from './image-upload.module.css';

export interface ImageUploadProps {
  value: string;
  onChange: (address: string) => void;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<string>;
  onReject: (rejection: ImageRejection) => void;
  label: string;
  chooseText?: string;
  uploadingText?: string;
  maxBytes?: number;
  formats?: readonly string[];
  disabled?: boolean;
}

export function ImageUpload({
  value,
  onChange,
  upload,
  onReject,
  label,
  chooseText = '+',
  uploadingText = 'Uploading',
  maxBytes = IMAGE_MAX_BYTES,
  formats = IMAGE_FORMATS,
  disabled = false,
}: ImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const rejection = checkImageFile(file, maxBytes, formats);
    if (rejection) {
      if (input.current) input.current.value = '';
      onReject(rejection);
      return;
    }
    setLocalPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    setProgress(0);
    try {
      onChange(await upload(file, (percent) => setProgress(Math.max(0, Math.min(100, Math.round(percent))))));
    } catch {
      // Upload failures are silent by spec; the previous image stays.
    } finally {
      setProgress(null);
      setLocalPreview(null);
      if (input.current) input.current.value = '';
    }
  };

  const uploading = progress !== null;
  const preview = localPreview ?? value;
  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.box} data-disabled={disabled || uploading || undefined}>
        {preview ? (
          <img className={styles.preview} src={preview} alt={label} />
        ) : (
          <span className={styles.choose} aria-hidden="true">
            {chooseText}
          </span>
        )}
      </label>
      {uploading && (
        <span className={styles.progress}>
          <progress max={100} value={progress} aria-label={uploadingText} className={styles.bar} />
          <span>{progress}%</span>
        </span>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        aria-label={label}
        className={visuallyHiddenClass}
        accept={formats.map((format) => `.${format}`).join(',')}
        disabled={disabled || uploading}
        onChange={(event) => pick(event.target.files?.[0])}
      />
    </div>
  );
}
