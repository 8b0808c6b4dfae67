import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { BackIcon } from '../../../components/icons';

/** A product page's way back to the Products list. */
export function BackToProducts() {
  return (
    <Button component={Link} to="/staff/products" variant="subtle" leftSection={<BackIcon />} px="xs" w="fit-content">
      Back to Products
    </Button>
  );
}
