import { useT } from '../i18n';
import { TextField, type TextFieldProps } from './text-field';
import { uiMessages } from './ui.messages';

/** "Current password", as every change of sign-in details asks for it, filled by password managers. */
export function CurrentPasswordField(
  props: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete'>,
) {
  const t = useT(uiMessages);
  return (
    <TextField
      label={t('currentPassword')}
      type="password"
      name="currentPassword"
      autoComplete="current-password"
      {...props}
    />
  );
}
