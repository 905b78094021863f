import { tikzPictureText } from '@app/contract';
import { deSubmit } from '../../../i18n/de.submit';

const deTikz = deSubmit.tikzPicture;
import classes from './TikzPicture.module.css';

/**
 * A TikZ picture of the task content on the public pages. `svg` is the server's rendering, stored and sanitised when the teacher saved the task (ADR 016);
 * without it the TikZ source is shown. Its name carries the labels' text; the colours follow the page's
 * scheme (theme.css, submit.css).
 */
export default function TikzPicture({ source, svg }: { source: string; svg: string | null }) {
  if (svg?.startsWith('<svg')) {
    const text = tikzPictureText(svg);
    return (
      <div
        role="img"
        aria-label={text ? deTikz.pictureLabelWithText(text) : deTikz.pictureLabel}
        className={classes.tikz}
        // Sanitised SVG from the server (no scripts, no outside references).
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    );
  }
  return (
    <div className={classes.tikz}>
      <p>{deTikz.notRendered}</p>
      <pre>{source}</pre>
    </div>
  );
}
