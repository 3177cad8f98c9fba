import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { Route, Routes, useParams } from 'react-router-dom';
import { ContactList } from './ContactList';

// The contact page and Create New Contact: their own chunk, loaded when opened.
const ContactPage = lazy(() => import('./ContactPage'));

/** A new page per contact: leaving Create New Contact for the created contact starts read-only. */
const KeyedContactPage = () => {
  const { id } = useParams();
  return <ContactPage key={id} />;
};

/** /app/contacts/*: the list, /app/contacts/new and /app/contacts/{id}. */
const ContactsPage = () => (
  <Routes>
    <Route index element={<ContactList />} />
    <Route
      path=":id"
      element={
        <Suspense fallback={<Loading />}>
          <KeyedContactPage />
        </Suspense>
      }
    />
  </Routes>
);

export default ContactsPage;
