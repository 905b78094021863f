import { createFileRoute } from '@tanstack/react-router';
import { DevStatsPage } from '../../../features/dev';

export const Route = createFileRoute('/_default/dev/stats')({
  component: DevStatsPage,
});
