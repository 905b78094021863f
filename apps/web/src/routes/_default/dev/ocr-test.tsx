import { createFileRoute } from '@tanstack/react-router';
import { DevOcrTestPage } from '../../../features/dev';

export const Route = createFileRoute('/_default/dev/ocr-test')({
  component: DevOcrTestPage,
});
