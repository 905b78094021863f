import { fileKind } from '../../../submissions';
import { deGrading } from '../../../../i18n/de.grading';
import { feedbackLinkFileUrl } from '../../feedbackLinkQueries';
import classes from './FeedbackLinkPage.module.css';

const t = deGrading.page;

interface HandedInFile {
  id: string;
  original_name: string;
  mime: string;
}

/**
 * The files the student handed in, through their link: photos at the column's width (a tap opens the photo
 * alone), PDFs embedded with a link to open them in a tab of their own, where a phone cannot embed them.
 */
export function HandedInFiles({ token, files }: { token: string; files: readonly HandedInFile[] }) {
  if (files.length === 0) return <p className={`${classes.text} ${classes.dimmed}`}>{t.noFiles}</p>;
  return (
    <div className={classes.stackMd}>
      {files.map((file) => {
        const url = feedbackLinkFileUrl(token, file.id);
        if (fileKind({ type: file.mime, name: file.original_name }) === 'pdf') {
          return (
            <div key={file.id} className={classes.framed}>
              <iframe src={url} title={t.pdfTitle(file.original_name)} className={classes.pdf} />
              <a href={url} target="_blank" rel="noopener" className={classes.pdfLink}>
                {t.openPdf}
              </a>
            </div>
          );
        }
        return (
          <div key={file.id} className={classes.photo}>
            <a href={url} target="_blank" rel="noopener" className={classes.anchor}>
              {/* Low: the photos come last on the page (and a server render adds no preload for them). */}
              <img src={url} alt={file.original_name} fetchPriority="low" />
            </a>
          </div>
        );
      })}
    </div>
  );
}
