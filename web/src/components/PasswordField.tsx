import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/** A required password input whose show/hide toggle is focusable and named after the field. */
export function PasswordField({ label, ...props }: PasswordInputProps & { label: string }) {
  const [visible, setVisible] = useState(false);
  const name = label.toLowerCase();
  return (
    <PasswordInput
      label={label}
      withAsterisk
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `${visible ? 'Hide' : 'Show'} ${name}` }}
      {...props}
    />
  );
}
