/**
 * The store's and the photo storage's errors as answers, in one place: conflicts 409, what is not
 * there 404, what cannot be done now 503. The application's error handler asks here first.
 */
import {
  ImportConflict,
  NodeExists,
  NodeNotFound,
  RemovalRequestDecided,
  RemovalRequestNotFound,
  SubmissionDecided,
  SubmissionNotFound,
  VersionConflict,
} from '../storage/nodeStore';
import { PhotosOfAnotherSubmission, UploadsUnavailable } from '../storage/uploadLedger';
import { Unavailable } from '../storage/storeConnection';
import { StoryExists, StoryNotFound, StoryVersionConflict } from '../storage/storyStore';
import { PhotoPublishFailed } from '../uploads/photoPublishing';
import { Refusal } from './appEnv';

/** The answer to a domain error, or null when `error` is none (an unexpected failure). */
export function refusalOf(error: unknown, log: (line: string) => void): Refusal | null {
  if (error instanceof VersionConflict) {
    const { current } = error;
    return new Refusal(409, {
      error: error.message,
      current: current.node,
      version: current.version,
      deleted: current.deleted,
    });
  }
  if (error instanceof StoryVersionConflict) {
    const { current } = error;
    return new Refusal(409, { error: error.message, ...current });
  }
  if (error instanceof StoryExists) {
    return new Refusal(409, {
      error: error.message,
      errors: [{ path: 'story_id', message: error.message }],
    });
  }
  if (error instanceof NodeExists) {
    return new Refusal(409, {
      error: error.message,
      errors: [{ path: 'video_id', message: error.message }],
    });
  }
  if (
    error instanceof NodeNotFound ||
    error instanceof StoryNotFound ||
    error instanceof SubmissionNotFound ||
    error instanceof RemovalRequestNotFound
  ) {
    return new Refusal(404, { error: error.message });
  }
  if (error instanceof ImportConflict) {
    return new Refusal(409, { error: error.message, changed: error.nodeIds });
  }
  if (error instanceof RemovalRequestDecided) {
    return new Refusal(409, { error: error.message, request: error.current });
  }
  if (error instanceof SubmissionDecided) {
    return new Refusal(409, { error: error.message, submission: error.current });
  }
  if (error instanceof PhotosOfAnotherSubmission || error instanceof UploadsUnavailable) {
    const errors = [{ path: 'images', message: error.message }];
    return new Refusal(400, { error: 'Some fields need fixing.', errors });
  }
  if (error instanceof PhotoPublishFailed) {
    log(`nodes-service: ${error.message} ${String(error.cause)}`);
    return new Refusal(
      503,
      { error: `${error.message} Nothing was approved; try again shortly.` },
      { 'Retry-After': '30' },
    );
  }
  if (error instanceof Unavailable) {
    return new Refusal(503, { error: error.message }, { 'Retry-After': '5' });
  }
  return null;
}
