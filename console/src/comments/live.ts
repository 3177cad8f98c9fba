import type { Comment } from '@app/contracts';

/**
 * New and edited comments pushed over the inbox socket (message.created / message.updated of kind
 * 'comment'). The inbox socket of the message center (console/src/messages) feeds it.
 */
export function useCommentPushes(onPush: (record: Comment) => void): void {
  void onPush;
}
