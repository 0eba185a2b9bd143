import { revisionsMigration } from "@rsv/kit";

/** Every save of a product keeps a revision (see @rsv/kit's RevisionStore). */
export const products007 = revisionsMigration("catalog", "007_revisions");
