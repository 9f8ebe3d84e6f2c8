import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/** What a plan without the feature sees: why, and the way to the plans. */
export function PlanLocked({ message, action }: { message: string; action: string }) {
  return (
    <div className="flex flex-col items-start gap-3 text-sm">
      <p className="flex items-center gap-2 text-muted-foreground">
        <Lock aria-hidden="true" className="size-4" />
        {message}
      </p>
      <Button asChild size="sm">
        <Link to="/pricing">{action}</Link>
      </Button>
    </div>
  );
}
