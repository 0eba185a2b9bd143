import blog from "./locales/en/blog.json";
import common from "./locales/en/common.json";
import comparison from "./locales/en/comparison.json";
import content from "./locales/en/content.json";
import faq from "./locales/en/faq.json";
import home from "./locales/en/home.json";
import review from "./locales/en/review.json";

/** The page copy of one language: the browser downloads this chunk for its page's language only. */
export default { common, home, comparison, blog, review, faq, content };
