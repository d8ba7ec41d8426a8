import { TextField, type TextFieldProps } from './text-field';

/** "Current password", as every change of sign-in details asks for it, filled by password managers. */
export function CurrentPasswordField(
  props: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete'>,
) {
  return (
    <TextField
      label="Current password"
      type="password"
      name="currentPassword"
      autoComplete="current-password"
      {...props}
    />
  );
}
