import { useState } from 'react';
import { AVATAR_SIZE, DEFAULT_AVATAR, profileImageUrl } from '@/app/session';
import { cx } from './ui';

/** The user's picture (docs/product.md §9: 36x36 px), or the default avatar when absent or broken. */
export function Avatar({
  path,
  size = AVATAR_SIZE,
  className,
}: {
  path: string | null;
  size?: number;
  className?: string;
}) {
  const src = profileImageUrl(path);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      src={failed === src ? DEFAULT_AVATAR : src}
      onError={() => setFailed(src)}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      className={cx('shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-700', className)}
    />
  );
}
