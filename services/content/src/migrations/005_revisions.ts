import { revisionsMigration } from "@rsv/kit";

/** Every save of a post, page or the site settings keeps a revision (see @rsv/kit's RevisionStore). */
export const content005 = revisionsMigration("content", "005_revisions");
