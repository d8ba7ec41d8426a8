import type { Avatar, ImageVariant } from '../../common/contracts/media';

const srcSet = (variants: readonly ImageVariant[]) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/** The instance's mark: the icon its admin uploaded, or the built-in waves. 32 px either way. */
export function InstanceMark({ icon, className = 'size-8' }: { icon: Avatar | null; className?: string }) {
  if (icon)
    return (
      <picture className={`inline-block shrink-0 overflow-hidden rounded-lg ${className}`}>
        <source type="image/webp" srcSet={srcSet(icon.webp)} sizes="32px" />
        <img
          src={icon.fallback[0]?.url}
          srcSet={srcSet(icon.fallback)}
          sizes="32px"
          width={32}
          height={32}
          alt=""
          className="size-full object-cover"
        />
      </picture>
    );
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="8" className="fill-primary-600" />
      <path d="M6 19c3-4 6-4 9 0s6 4 9 0" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path
        d="M6 12c3-4 6-4 9 0s6 4 9 0"
        stroke="#c7d4ff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The header's mark and name: the instance's own once client-config has answered. */
export function Logo({
  name = 'Tidings',
  icon = null,
  className = '',
}: {
  name?: string;
  icon?: Avatar | null;
  className?: string;
}) {
  return (
    <span className={`inline-flex min-w-0 items-center gap-2 font-semibold tracking-tight ${className}`}>
      <InstanceMark icon={icon} />
      <span className="truncate text-xl">{name}</span>
    </span>
  );
}
