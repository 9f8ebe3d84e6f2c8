import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';

export type ConfirmDialogProps = {
  /** The button that opens the dialog (rendered as the trigger). */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Extra explanation under the description. */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  /** Runs the action; call `close` once it succeeded (a failure keeps the dialog open). */
  onConfirm: (close: () => void) => void;
};

/** A destructive action behind a confirmation: cannot be dismissed while the action runs. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  isBusy,
  onConfirm,
}: ConfirmDialogProps) {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !isBusy && setIsOpen(open)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={() => onConfirm(close)} disabled={isBusy}>
            {isBusy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
