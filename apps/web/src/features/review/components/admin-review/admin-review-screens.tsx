import { AdminReviewPage } from './admin-review-page.tsx';

// The seed's three admin review pages (adminTopicReview, adminThesisReview,
// adminThesisRetestReview): one page, as a link of any stage opens the paper it names.

export function AdminTopicReviewScreen() {
  return <AdminReviewPage />;
}

export function AdminThesisReviewScreen() {
  return <AdminReviewPage />;
}

export function AdminRetestReviewScreen() {
  return <AdminReviewPage />;
}
