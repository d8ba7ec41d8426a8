import { useT } from '../i18n';
import { uiMessages } from './ui.messages';

/** Marks, in a list of devices, the one the reader is using. */
export function ThisDeviceBadge() {
  const t = useT(uiMessages);
  return (
    <span className="ml-2 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-800 dark:bg-primary-900 dark:text-primary-100">
      {t('thisDevice')}
    </span>
  );
}
