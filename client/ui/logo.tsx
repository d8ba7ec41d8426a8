export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
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
      <span className="text-xl">Tidings</span>
    </span>
  );
}
