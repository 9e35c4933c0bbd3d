import '../testing/dom.ts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImageUpload } from './ImageUpload.tsx';
import { checkImageFile, IMAGE_MAX_BYTES } from './image-file-rules.ts';

const imageOf = (bytes: number, name = 'id.png', type = 'image/png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

function Stateful(props: {
  upload: (file: File, onProgress: (p: number) => void) => Promise<string>;
  onReject?: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <ImageUpload
      label="ID photo"
      value={value}
      onChange={setValue}
      onReject={props.onReject ?? (() => {})}
      upload={props.upload}
    />
  );
}

describe('image file rules', () => {
  it('allows up to 5 MB of jpeg, jpg or png', () => {
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(checkImageFile({ name: 'a.jpg', size: IMAGE_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(checkImageFile({ name: 'a.JPEG', size: 1, type: '' })).toBeNull();
    expect(checkImageFile({ name: 'a.png', size: IMAGE_MAX_BYTES + 1, type: 'image/png' })).toEqual({
      code: 'maxSize',
      message: 'image too large',
    });
    expect(checkImageFile({ name: 'a.gif', size: 1, type: 'image/gif' })?.code).toBe('format');
  });
});

describe('ImageUpload', () => {
  it('reports an oversized image to the parent and clears the field', async () => {
    const user = userEvent.setup();
    const onReject = vi.fn();
    const upload = vi.fn();
    render(<Stateful upload={upload} onReject={onReject} />);
    const field = screen.getByLabelText('ID photo') as HTMLInputElement;
    await user.upload(field, imageOf(IMAGE_MAX_BYTES + 1));
    expect(onReject).toHaveBeenCalledWith({ code: 'maxSize', message: 'image too large' });
    expect(upload).not.toHaveBeenCalled();
    expect(field.value).toBe('');
  });

  it('uploads through the caller, shows progress, then the preview', async () => {
    const user = userEvent.setup();
    let report: (p: number) => void = () => {};
    let finish: (address: string) => void = () => {};
    const upload = vi.fn((_file: File, onProgress: (p: number) => void) => {
      report = onProgress;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    render(<Stateful upload={upload} />);
    await user.upload(screen.getByLabelText('ID photo'), imageOf(1000));
    expect(upload).toHaveBeenCalledOnce();
    act(() => report(42.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute('value', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    await act(async () => finish('https://cdn.example.org/u/abc.png'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ID photo' })).toHaveAttribute('src', 'https://cdn.example.org/u/abc.png');
  });

  it('stays silent when the upload fails', async () => {
    const user = userEvent.setup();
    const onReject = vi.fn();
    render(<Stateful upload={() => Promise.reject(new Error('code 1'))} onReject={onReject} />);
    await user.upload(screen.getByLabelText('ID photo'), imageOf(1000));
    await act(async () => {});
    expect(onReject).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
