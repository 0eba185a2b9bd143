import blog from "./locales/es/blog.json";
import common from "./locales/es/common.json";
import comparison from "./locales/es/comparison.json";
import content from "./locales/es/content.json";
import faq from "./locales/es/faq.json";
import home from "./locales/es/home.json";
import review from "./locales/es/review.json";

/** The page copy of one language: the browser downloads this chunk for its page's language only. */
export default { common, home, comparison, blog, review, faq, content };
