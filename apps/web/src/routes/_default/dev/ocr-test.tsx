import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_default/dev/ocr-test')({
  component: OcrTestPage,
});

function OcrTestPage() {
  return <UnderConstruction title={de.titles.devOcrTest} />;
}
