import { Spinner } from './button';

export function PageSpinner() {
  return (
    <div role="status" className="flex justify-center py-24 text-primary-600">
      <Spinner />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
