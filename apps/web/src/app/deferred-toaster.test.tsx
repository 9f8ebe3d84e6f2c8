import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { DeferredToaster } from './deferred-toaster.tsx';

describe('DeferredToaster', () => {
  it('shows a toast raised before it loaded once the user first presses a pointer', async () => {
    render(<DeferredToaster />);
    act(() => {
      toast.success('Preferências salvas');
    });
    expect(screen.queryByText('Preferências salvas')).toBeNull();

    fireEvent.pointerDown(document.body);

    expect(await screen.findByText('Preferências salvas')).toBeVisible();
  });
});
