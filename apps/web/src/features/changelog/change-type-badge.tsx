import Rocket from 'lucide-react/icons/rocket';
import Zap from 'lucide-react/icons/zap';
import { Badge } from '@/components/ui/badge';
import { badgeVariantFor, CHANGE_TYPE_LABELS, type ChangeType } from './changelog';

const ICONS: Partial<Record<ChangeType, typeof Rocket>> = { feature: Rocket, improvement: Zap };

export function ChangeTypeBadge({ type }: { type: ChangeType }) {
  const Icon = ICONS[type];
  return (
    <Badge variant={badgeVariantFor(type)}>
      {Icon && <Icon aria-hidden />}
      {CHANGE_TYPE_LABELS[type] ?? type}
    </Badge>
  );
}
