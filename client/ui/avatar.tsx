const HUES = [210, 250, 280, 330, 20, 160, 190];

/** Initials on a colour derived from the handle, until people can upload avatars. */
export function Avatar({
  name,
  handle,
  size = 'md',
}: {
  name: string;
  handle: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const hue = HUES[[...handle].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % HUES.length] ?? 210;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  const dimensions = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' }[size];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${dimensions}`}
      style={{ backgroundColor: `oklch(0.5 0.13 ${hue})` }}
    >
      {initials || '?'}
    </span>
  );
}
