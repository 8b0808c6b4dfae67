import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import type { OrderDetails } from '../features/orders/details/types';
import type { ActionDialogProps } from '../features/orders/details/actions/types';

/** Renders an order action `Dialog` (with the app's providers) open for `order` and `action`; returns its onDone spy. */
export function openDialog(order: OrderDetails, Dialog: (p: ActionDialogProps) => React.ReactNode, action: ActionDialogProps['action']) {
  const onDone = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <Dialog order={order} action={action} opened onClose={vi.fn()} onDone={onDone} />
    </Providers>,
  );
  return onDone;
}
