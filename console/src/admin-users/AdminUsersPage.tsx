import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useBasename } from 'react-admin';
import { Link, Route, Routes, useMatch, useParams, useSearchParams } from 'react-router-dom';
import ActivityRecordPage from '../admin-dashboards/activity/ActivityRecordPage';
import { PageFrame } from '../shared/page/PageFrame';
import UserFormPage from './form/UserFormPage';
import UserHistoryPage from './history/UserHistoryPage';
import UserListPage from './list/UserListPage';
import { ADMIN_USERS_LABELS as L } from './messages';
import { agentIdOf, usersPath } from './paths';
import UserPasswordPage from './password/UserPasswordPage';
import ReassignTransactionsPage from './reassign/ReassignTransactionsPage';

// The :id screens read the route and ?name= here, so each screen gets plain props. Keyed by id:
// going from 'new' to the created user's page (or from one user to another) starts a fresh form.

const EditUserRoute = () => {
  const { id } = useParams();
  return <UserFormPage key={id} mode="edit" agentId={agentIdOf(id)} />;
};

const ChangePasswordRoute = () => {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <UserPasswordPage key={id} agentId={agentIdOf(id)} name={search.get('name') ?? ''} />;
};

const HistoryRoute = () => {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <UserHistoryPage key={id} agentId={agentIdOf(id)} name={search.get('name') ?? ''} />;
};

const ReassignRoute = () => {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <ReassignTransactionsPage key={id} agentId={agentIdOf(id)} name={search.get('name') ?? ''} />;
};

/** Any other path under admin/users: say so, and lead back to the list. */
const UnknownPage = () => {
  const basename = useBasename();
  return (
    <PageFrame title={L.listTitle} testId="admin-users-not-found" maxWidth={720}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {L.pageNotFound}
      </Alert>
      <Button component={Link} to={usersPath(basename)} variant="outlined">
        {L.backToList}
      </Button>
    </PageFrame>
  );
};

/**
 * /app/admin/users/*: the user administration screens of spec 000 (list, add, edit, change password,
 * history, reassign transactions). ConsoleApp mounts it at `admin/users/*`, and at `record/*` for Log
 * Activity (app/record?user=&name=, the user list's row action), which shows the user's activity.
 */
const AdminUsersPage = () => {
  const basename = useBasename();
  // logActivityPath's app/record (menu.ts mounts this page there too).
  const onRecord = useMatch(`${basename}/record/*`);
  if (onRecord) return <ActivityRecordPage />;
  return (
    <Routes>
      <Route index element={<UserListPage />} />
      <Route path="new" element={<UserFormPage key="new" mode="create" agentId={null} />} />
      <Route path="change-password/:id" element={<ChangePasswordRoute />} />
      <Route path="history/:id" element={<HistoryRoute />} />
      <Route path="reassign-transactions/:id" element={<ReassignRoute />} />
      <Route path=":id" element={<EditUserRoute />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
};

export default AdminUsersPage;
