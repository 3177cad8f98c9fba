import { useBasename } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { esignRequestsPath } from '../paths';
import { EsignRequestBoard } from './EsignRequestBoard';

/**
 * /app/esign-requests: the request board (spec 002 section 2.5), the menu's E-Sign entry. Mounted at
 * /app/esign too, which sends to the board (with its query); any other path under either goes to the board.
 */
const EsignRequestsPage = () => {
  const basename = useBasename();
  const { pathname, search } = useLocation();
  const board = esignRequestsPath(basename);
  if (pathname !== board && pathname !== `${board}/`) return <Navigate to={`${board}${search}`} replace />;
  return (
    <PageFrame title={L.title} testId="esign-requests-page" maxWidth={1600}>
      <SectionCard>
        <EsignRequestBoard />
      </SectionCard>
    </PageFrame>
  );
};

export default EsignRequestsPage;
