// generated — do not edit; run npm run openapi
// source: openapi/openapi.yaml

export interface paths {
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Products for the home page, the comparison page and the widgets, sorted and filtered.
         *     Filters combine with AND across groups and OR within a group; an empty group does not filter.
         *     Products scheduled for later are left out, except for an admin asking with `includeScheduled=true`.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description The slug is generated from name and brand. Empty optional strings are stored as null; htmlContent is sanitised on save.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Comparison filter values with counts
         * @description Filter values computed from the catalogue (not fixed lists), each with the number of products
         *     that match it together with the other active filter groups. `total` counts the products matching every filter.
         */
        get: operations["getProductFacets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product by slug
         * @description Old slugs of renamed products still resolve; the response carries the current slug.
         */
        get: operations["getProductBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        /** Get a product by id */
        get: operations["getProduct"];
        /**
         * Update a product
         * @description Replaces the editable fields. A changed name or brand regenerates the slug; the old slug keeps resolving.
         */
        put: operations["updateProduct"];
        post?: never;
        /** Delete a product */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/go/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redirect to a product's best offer
         * @description Redirects at once to the best usable offer for the visitor's market (their country from
         *     `X-Country`, else their first Accept-Language entry's region or language): the preferred
         *     retailer's while usable, else the cheapest `ok` offer, else the cheapest `redirected` or
         *     `unchecked` one; when the market has none, the same among the `default` market's offers. With no
         *     usable offer anywhere the visitor goes to the product's review page, which says so. A browser
         *     (Accept preferring HTML) asking for a product that does not exist goes to the review page's
         *     "not found" in its language, with a way to the comparison; other callers get 404. The click is written to the catalog's outbox before the answer
         *     and handed to analytics in the background. Every request is redirected, but a click counts only
         *     when it looks like a person following the link (GET, an Accept naming HTML, an Accept-Language,
         *     no prefetch or prerender, Sec-Fetch-Mode `navigate` when sent, a browser user agent) and only
         *     the first 30 a day from one address (IPv6: one /64) count.
         */
        get: operations["redirectToAffiliate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/go/{slug}/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redirect to one retailer's offer
         * @description The link of one row of a review page's offer list. Redirects to that offer while it is usable
         *     (status `ok`, `redirected` or `unchecked`); an offer gone broken or out of stock since the page
         *     was rendered sends the visitor on as `/go/{slug}` would. A click is counted as on `/go/{slug}`.
         */
        get: operations["redirectToOffer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List offers with their health
         * @description Every offer, or a product's, with its health and its last checks (newest first), by product then market then price.
         */
        get: operations["listOffers"];
        put?: never;
        /**
         * Add an offer to a product
         * @description `currency` defaults to the market's (EUR for DE, ES and NL, PLN for PL, USD for `default`).
         *     An unknown product, market or currency is refused with 400 naming the field; nothing is stored.
         *     A new offer is `unchecked` and is checked in the background at once.
         */
        post: operations["createOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Offer id. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Replace an offer's fields
         * @description A changed URL makes the offer `unchecked` again and checks it in the background.
         */
        put: operations["updateOffer"];
        post?: never;
        /** Delete an offer */
        delete: operations["deleteOffer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress of the latest check run */
        get: operations["getOfferCheckRun"];
        put?: never;
        /**
         * Check offers' links now
         * @description `{}` checks every offer, `{ "ids": [...] }` those offers. Answers at once; the checks run in the
         *     background, one request at a time per retailer host. Unknown ids are ignored.
         */
        post: operations["checkOffers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How often links are checked and the phrases that mean sold out */
        get: operations["getLinkCheckSettings"];
        /** Change how often links are checked and the sold-out phrases */
        put: operations["updateLinkCheckSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/retailers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retailers with their offer count and sub-ID template
         * @description Every retailer named on an offer (the offers' `retailer`, as written), by name, with how many offers
         *     carry it, its sub-ID template (null when it has none) and an example of where a counted click goes:
         *     one of its offers' addresses with the template applied to an example click id.
         */
        get: operations["listRetailers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/retailers/{retailer}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The retailer's name as its offers carry it (URL-encoded). */
                retailer: string;
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Set or clear a retailer's sub-ID template
         * @description The template is a query fragment such as `subid={clickId}` or `clickref={clickId}&pubref=rsv`, merged
         *     into the offer's address when a click is counted (a parameter of the same name already there is
         *     replaced); `{clickId}` is the click's id, the same as its analytics event's uid, which the affiliate
         *     network reports back with the commission. Placeholders: `{clickId}` (required), `{product}` (the
         *     product's slug), `{offerId}`, `{market}`. At most 300 characters, `name=value` pairs joined by `&`,
         *     values of unreserved characters or percent escapes; anything else is refused with 400 naming
         *     `body.subIdTemplate`, each problem with its reason: `subid_too_long`, `subid_leading_separator`,
         *     `subid_space`, `subid_hash`, `subid_not_pair`, `subid_name_twice`, `subid_unknown_placeholder`,
         *     `subid_unsafe_value`, `subid_click_id_missing`. An empty or null template clears it. Uncounted clicks (bot-like, over the
         *     address's budget) go to the plain address, and the link checker keeps checking the plain address.
         *     Owner only: editors manage offers, but the template decides which account a commission is paid to.
         */
        put: operations["updateRetailer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List blog posts
         * @description Newest first (by first publication date; drafts by creation date).
         *
         *     With `published=true` the call is public and returns published posts only, one entry per article
         *     in the visitor's language `lang` (default `en`): the post written in that language where a published
         *     one exists, otherwise the other language's post. So `lang=es` lists Spanish posts plus English posts
         *     without a published Spanish translation, and `lang=en` lists English posts plus Spanish posts without a
         *     published English translation. `translationId`/`translationSlug` are null when the translation is not published.
         *
         *     Without `published=true` it is an admin call (anonymous callers get 401) that also returns drafts:
         *     every language when `lang` is omitted, only posts written in `lang` when it is given.
         */
        get: operations["listBlogPosts"];
        put?: never;
        /**
         * Create a blog post
         * @description Without a slug, one is generated from the title (a clash gets -2, -3…); a given slug that is taken is a 409.
         *     Content is sanitised on save (no scripts, event handlers or javascript: URLs); publishedAt is set when published.
         *     `translationId` links the post to its translation in the other language, both ways.
         */
        post: operations["createBlogPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a blog post by slug
         * @description Published posts only, unless the caller is an admin.
         */
        get: operations["getBlogPostBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Blog post id. */
                id: components["parameters"]["BlogPostId"];
            };
            cookie?: never;
        };
        /**
         * Get a blog post by id
         * @description Drafts included.
         */
        get: operations["getBlogPost"];
        /**
         * Update a blog post
         * @description Replaces the editable fields. The slug changes only when one is given (a taken slug is a 409).
         *     publishedAt is set when the post is first published and keeps that date if it is unpublished and republished.
         *     `translationId` omitted leaves the translation link as it is; null unlinks both posts; an id links both ways
         *     (dropping any link either post had).
         */
        put: operations["updateBlogPost"];
        post?: never;
        /** Delete a blog post */
        delete: operations["deleteBlogPost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get site settings
         * @description Site name, logo, favicon, description and the owner's legal facts (legal name, contact address, effective
         *     date of the legal pages). Takes no input and always exists, so it has no 4xx response;
         *     before the owner saves any settings it answers the defaults (siteName `Resveratrol Guide`).
         */
        get: operations["getSiteSettings"];
        /**
         * Update site settings
         * @description Only the given fields change. Empty strings for the optional fields are stored as null; siteName cannot be blank.
         *     logoUrl and faviconUrl are a site path (`/api/images/…`) or an http(s) address.
         */
        put: operations["updateSiteSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every page
         * @description Every guide, landing and legal page and the FAQ, in both languages, as the owner edits them (the
         *     Markdown body included), ordered by key and language.
         */
        get: operations["listPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pages/{key}/{lang}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The page's English slug (`beginners-guide`, `faq`). */
                key: components["parameters"]["PageKey"];
                lang: components["parameters"]["PageLang"];
            };
            cookie?: never;
        };
        /**
         * Get a page as it renders
         * @description One page in one language, compiled: its head (title, description, template, lead, questions) and its blocks
         *     of HTML. HTML written in the Markdown is shown as text and links go to the site or an http(s) or mailto
         *     address only, so the blocks are safe to insert as they are.
         */
        get: operations["getPage"];
        /**
         * Update a page
         * @description Replaces the page's title, search title and description and body; it is live on the next read. The body is
         *     Markdown with the page blocks (`:::callout`, `:::cards`, `:::figure`, `:::products`, `:::featured`,
         *     `:::faq`) after optional front matter (`template`, `eyebrow`, `lead`, `keywords`, `faq`); one that does
         *     not compile is a 400 naming `body.body`. Empty search fields are stored as null.
         */
        put: operations["updatePage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscribers
         * @description Newest first, every status or one. Personal data, admin only.
         */
        get: operations["listSubscribers"];
        put?: never;
        /**
         * Subscribe to the newsletter
         * @description 202 for every well-formed address, whether it is new, already subscribed or unsubscribed, so the
         *     answer never tells anyone who is on the list. A new address is stored `pending` with the page's
         *     language and path, and gets a confirmation email in that language whose link (single use, 48
         *     hours) confirms it; a pending address signing up again gets a new one at most every 10 minutes.
         *     Any other known address is left as it is (an address that unsubscribed is not re-activated by a
         *     sign-up). With single opt-in set (`NEWSLETTER_SINGLE_OPT_IN`) a new address is confirmed at once.
         */
        post: operations["subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a subscriber
         * @description Erases the address and every message to it kept in the outbox. The campaigns' counts keep their
         *     deliveries, naming nobody: one still waiting is cancelled, and no error text of theirs is kept.
         */
        delete: operations["deleteSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export subscribers with their consent record
         * @description The subscribers of one status (confirmed by default), oldest sign-up first, as a CSV attachment:
         *     UTF-8 with a byte-order mark, CRLF lines, a header row `email,language,status,subscribed_at,
         *     confirmed_at,unsubscribed_at,bounced_at,source_path`, times in UTC (ISO 8601) and an empty cell
         *     for what has not happened; `source_path` is the page of the site the sign-up came from, when known.
         *     A cell a spreadsheet would run as a formula starts with an apostrophe.
         */
        get: operations["exportSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unsubscribe with a token
         * @description The token comes from the unsubscribe link in a newsletter email.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/confirm/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The confirmation page (the link in the confirmation email)
         * @description A small HTML page in the subscriber's language, with no script and one button, which posts to the
         *     same address. Following the link confirms nobody, so mail scanners and link previews that fetch
         *     every link subscribe no one. A link works once, for 48 hours; an unknown, used or expired one
         *     answers 404 with a page saying so (in the language of the subscriber, else of Accept-Language).
         */
        get: operations["showConfirmation"];
        put?: never;
        /**
         * Confirm a sign-up (the button of the confirmation page)
         * @description Confirms the pending subscriber whose link this is and answers a small HTML page in their
         *     language. The body, the page's empty form, is read and ignored (at most 4 KB). A link works
         *     once, for 48 hours; an unknown, used or expired one answers 404 with a page saying so.
         */
        post: operations["confirmSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/unsubscribe/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The unsubscribe page (the link in every email)
         * @description A page with one button, which posts the RFC 8058 body to the same address. Following the link
         *     unsubscribes nobody, so mail scanners that fetch every link change nothing. Someone who has left
         *     already is told so instead of offered the button. The link of a campaign's test message
         *     (`test-message-no-subscriber-en` or `-es`) belongs to nobody: its page says, in the message's
         *     language, that it was a test and that in the real campaign each reader's link unsubscribes them.
         */
        get: operations["showUnsubscribe"];
        put?: never;
        /**
         * One-click unsubscribe (RFC 8058)
         * @description The address of every email's `List-Unsubscribe` header, with `List-Unsubscribe-Post:
         *     List-Unsubscribe=One-Click`: a mail client posts `List-Unsubscribe=One-Click` here (form-encoded)
         *     and the subscriber is unsubscribed at once. Answers a page in the subscriber's language. A body
         *     without that field is refused with 400. A test message's link unsubscribes nobody and answers the
         *     page saying it was a test.
         */
        post: operations["unsubscribeOneClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages kept instead of sent
         * @description With no SMTP server configured (`SMTP_URL` unset) every message is kept here instead of sent:
         *     the newest 200, newest first, with the headers they would go out with. `smtp` says whether mail
         *     leaves the machine.
         */
        get: operations["listOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Newest first, each with its status and delivery counts.
         */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create a campaign (a draft)
         * @description Subject and body (Markdown) in English and Spanish; a subscriber whose language's version is empty gets the English one.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One campaign with its progress
         * @description Its status and how many of its messages are queued, sent, failed and bounced (poll it while sending).
         */
        get: operations["getCampaign"];
        /**
         * Change a campaign not sent yet
         * @description A draft or scheduled campaign; once sending has begun, 409.
         */
        put: operations["updateCampaign"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a campaign, now or at a time
         * @description Every subscriber confirmed when sending begins gets it once, in their language. Without `sendAt`
         *     (or with a time passed less than 5 minutes ago) sending begins at once; otherwise at that time,
         *     whatever restarts happen meanwhile. A time passed longer ago, more than 366 days ahead, or that
         *     is no real instant (a leap second) is refused with 400, sending nothing. A scheduled campaign
         *     can be sent again to move its time. 409 once sending has begun.
         */
        post: operations["sendCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one test message of a campaign to an address
         * @description The version of the language asked for (English by default), its subject marked as a test and its
         *     unsubscribe link a test's, whose page says so in the message's language (showUnsubscribe). At most
         *     20 an hour from one address: any address may receive one, so a session in the wrong hands cannot
         *     send the site's mail in bulk.
         */
        post: operations["sendTestEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a campaign being sent (or scheduled) */
        post: operations["pauseCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused campaign */
        post: operations["resumeCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign
         * @description A draft, scheduled, sending or paused campaign; messages not yet sent are never sent.
         */
        post: operations["cancelCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List images
         * @description Newest first, without the bytes.
         */
        get: operations["listImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/images/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Multipart form with one file field `image`, at most 10 MB (10485760 bytes).
         *     The type is sniffed from the bytes: PNG, JPEG, GIF or WebP; SVG and anything else is refused with 415.
         *     The size is read from the image's header without decoding it: an image declaring more than 40 megapixels
         *     (40000000 pixels) or a side over 16384 pixels (a decompression bomb, or simply too large) is refused with 415
         *     and a message giving the declared size. The image is stored and served without its metadata (EXIF with
         *     any GPS position, XMP, IPTC, comments; the colour profile stays): a JPEG is turned upright by its EXIF
         *     orientation and written again at quality 90, a WebP or GIF written again as it was (lossless when it was),
         *     a PNG's text, time and EXIF chunks dropped (each chunk checked against its checksum, nothing decoded).
         *     `fileSize` is the stored file's. A file that cannot be read whole (damaged, or cut short) is refused with
         *     415, and so is an animation whose frames hold more than 100 megapixels together.
         */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/images/{filename}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Stored file name, as in `ImageInfo.filename` (lowercase letters, digits and hyphens, then `.png`, `.jpg`,
                 *     `.gif` or `.webp`). Any other name, including traversal attempts such as `..`, is answered 404.
                 */
                filename: components["parameters"]["ImageFilename"];
            };
            cookie?: never;
        };
        /**
         * Get image bytes
         * @description The stored image, optionally resized to width `w` (aspect ratio kept, same format, never enlarged: an image
         *     no wider than `w` is served as stored; GIFs are always served as stored so animations survive).
         *     A JPEG or PNG is sent as WebP (`image/webp`, resized alike) when `Accept` lists `image/webp`, and as stored
         *     otherwise; its responses carry `Vary: Accept`.
         *     Names are random and never reused, so responses are immutable: `Cache-Control: public, max-age=31536000, immutable`,
         *     a strong `ETag` (the quoted SHA-256 of the stored bytes, with `-w{w}` for a resized copy and `-webp` for a WebP
         *     copy) and 304 on `If-None-Match`. Image bytes are never a document: `X-Content-Type-Options: nosniff` and
         *     `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox`.
         */
        get: operations["getImage"];
        put?: never;
        post?: never;
        /** Delete an image */
        delete: operations["deleteImage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an analytics event
         * @description Queued for the worker and answered at once. Body at most 4 KB. No raw IP address is stored.
         *     `affiliate_click` is accepted only from the site's own services (the catalog records it when a
         *     visitor follows `/go/{slug}`, presenting the services' shared secret in `x-internal-token`); from
         *     anyone else it is a 400, so clicks, top products and the activity feed cannot be made up. What a known
         *     bot sends, or a request without a User-Agent, is answered 202 and dropped, and so is a view of a
         *     preview link's page (`/preview/…`, `/es/preview/…`: the owner's look at a draft, whose address is
         *     the link's credential).
         */
        post: operations["trackEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/track/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record several page views at once
         * @description The browser's tracker sends the page views it has gathered together (on a short timer, and when the
         *     page is hidden or left) instead of one request each. At most 20 events, body at most 32 KB. Each
         *     event carries its own `eventId`, a UUID the sender makes once per event and keeps: an event sent again
         *     with the same id (after a failed or unanswered request) is stored once. 202 once every event of the
         *     batch is queued; a 503 may leave some of them recorded, and sending the same batch again records each
         *     of the others once. The same rules as a single event otherwise: no raw IP address is stored, and
         *     what a known bot sends, a request without a User-Agent and a preview link's page view are answered
         *     202 and dropped.
         */
        post: operations["trackEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Affiliate click summary
         * @description Clicks of the last 7 days; `clicksByDate` has one entry per day, zero-filled.
         */
        get: operations["getAnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The time zone the reports count their days in
         * @description The site's time zone (`ANALYTICS_TIME_ZONE`), in which the reports count their days. An answer from the
         *     service's settings alone, so the dashboard can ask for its reports without waiting for the summary's counts.
         */
        get: operations["getAnalyticsTimeZone"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Views, visitors, clicks and click-through by one breakdown
         * @description Figures for the days `from` to `to` (both included, in the site's time zone, `ANALYTICS_TIME_ZONE`), broken
         *     down by one dimension, with the same figures for the period of equal length just before. A click is
         *     credited to the source, medium and campaign of the visit it belongs to (the same visitor within 30 minutes).
         *     `visitors` counts distinct visitor keys per day (the key's salt changes daily, so nobody is followed from
         *     one day to the next) summed over the days. `ctr` is clicks over views; for products, clicks over the
         *     product's review page views. With `format=csv` the rows are a CSV download; in it, the row of events
         *     without a value for the breakdown (the key `(none)` of the JSON: direct visits by source or medium,
         *     page views by placement) leaves its first two cells (the breakdown's key and `label`) empty, the same
         *     in every language. A range covers at most 3,660 days from 2000-01-01 to 2999-12-31; outside that, or
         *     backwards, it is refused with 400.
         */
        get: operations["getAnalyticsReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The history of commission imports
         * @description Every commissions file imported (dry runs are not kept), newest first, at most 200.
         */
        get: operations["listConversionImports"];
        put?: never;
        /**
         * Import an affiliate network's commissions CSV
         * @description The file's text (at most 5,000,000 characters and 20,000 rows, header first; a byte-order mark,
         *     quoted fields with commas, quotes and line breaks are read as spreadsheets write them) and which of
         *     its columns hold the click id (the sub-ID a redirect carried, the analytics event's uid), the
         *     network's conversion id, the commission and the conversion time (`status` and `currency` optional).
         *     With an empty mapping, or with `dryRun`, nothing is stored: the answer is the file's header, a few
         *     sample rows, a mapping suggested from common header names and, with a full mapping, the rows as they
         *     would be stored. Otherwise every row is checked first: any bad row answers 422 with the list of row
         *     errors (the row number as the spreadsheet shows it, header being row 1) and nothing is stored; else
         *     all rows are stored in one transaction, a conversion id the network sent before replacing the stored
         *     row (networks re-export with changed statuses). Commissions read `12.50`, `12,50`, `1,234.56`,
         *     `1.234,56` or `€12.50`; statuses approved/confirmed/paid/… are approved, pending/open pending,
         *     declined/rejected/cancelled/reversed declined; times ISO 8601 or `YYYY-MM-DD[ HH:mm[:ss]]` (UTC
         *     without an offset). A currency other than the site's (`ANALYTICS_CURRENCY`) is converted at the rate
         *     `rates` gives it, and without one is a row error (`otherCurrency`, naming the currency); so is a click
         *     id no affiliate click has unless `unknownClicks` is `skip` (the row is then left out).
         *     Owner only: it is money.
         */
        post: operations["importConversions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/recent-activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent affiliate clicks, anonymised
         * @description Latest real affiliate clicks for the activity toast, newest first; empty when there are none.
         *     Takes no input, so it has no 4xx response.
         */
        get: operations["getRecentActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the assistant
         * @description Answers in the language of the message, with up to 3 matching products and the articles the answer draws on.
         *     Each visitor address may send 20 messages a minute; beyond that the answer is 429 with Retry-After.
         */
        post: operations["sendChatMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in as admin
         * @description Sets the session cookie and the device cookie. Wrong credentials answer 401 "Invalid email or password".
         *     An account may take 5 attempts at once (`LOGIN_ATTEMPTS_PER_ACCOUNT`), from any addresses; after that each
         *     attempt waits a delay that starts at 1 second and doubles with each attempt, up to 5 minutes
         *     (`LOGIN_DELAY_MAX_SECONDS`), answered 429 with `Retry-After` meanwhile, so the right password gets in
         *     after at most that long and guesses stay bounded. A browser whose device cookie belongs to the account
         *     (it signed in there before) is not held to the account's attempts but to its own, counted the same
         *     way, so failures elsewhere never keep the owner out. One address may take 20 attempts in 15 minutes
         *     across accounts (`LOGIN_ATTEMPTS_PER_ADDRESS`). A successful login gives back what it took.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out
         * @description Revokes the session on the server at once and clears the cookie. Without a valid session it answers 401 (and still clears the cookie).
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current session */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the admin password
         * @description Needs the current password. Every other session of the account is revoked, and every invitation it made
         *     that is still pending; this one stays signed in.
         *     A wrong current password answers 400 "Current password is incorrect" (detail reason
         *     `current_password_incorrect`); 5 of them in 15 minutes answer 429, a budget of the account's own that
         *     failed logins do not touch. A new password is refused with 400 and, for `newPassword`, one of the
         *     reasons `password_same_as_current`, `password_resembles_email` (the account's address, or its name
         *     with little else) or `password_too_weak` (the zxcvbn-ts estimate, over common passwords and English
         *     and Spanish words and names, scores it below 3 of 4); `hints` then holds the estimator's advice as
         *     `warning.<key>` and `suggestion.<key>`.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out everywhere
         * @description Revokes every session of the account, this one included, and every invitation it made that is still
         *     pending, and clears the cookie.
         */
        delete: operations["logoutEverywhere"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The activity log
         * @description What admins did: every admin write, sign-in, sign-out, password change and export, newest first (by the
         *     time it happened), with
         *     who did it, when, the operation, its target, the request id and, for edits, the fields that changed
         *     (before and after; passwords and tokens never). Pages of `limit` events; the next page is asked for with
         *     `before` set to the previous answer's `nextBefore`. Kept `AUDIT_RETENTION_DAYS` (365) days. There is no
         *     operation that edits or deletes an event.
         */
        get: operations["listAuditEvents"];
        put?: never;
        /**
         * Store events other services recorded (internal)
         * @description Only for the site's own services, which present the services' shared secret in `x-internal-token`
         *     (403 without it): each service keeps the events of its admin operations in its own outbox and hands
         *     them over here. An event whose `uid` is already stored is left as it is, so one handed over twice is
         *     stored once.
         */
        post: operations["recordAuditEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the admin accounts
         * @description Every account with its role, oldest first.
         */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an account
         * @description Removes the account and ends every session of it at once; every invitation it made that is still pending
         *     is revoked. The last owner cannot be removed (409 "The last owner cannot be demoted or removed"), by another
         *     owner or by themselves.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        /**
         * Change an account's role
         * @description The site always keeps an owner: demoting the last one answers 409 (`conflict`) "The last owner cannot be
         *     demoted or removed". The account's sessions stay signed in, with the new role from their next request.
         *     An owner made editor has every invitation they made that is still pending revoked (an editor cannot invite).
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/api/auth/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the pending invitations
         * @description Invitations neither accepted, revoked nor expired, newest first. Their links are never shown again.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite an admin
         * @description No mail is sent: the answer carries the invitation's link, shown this once, for the owner to pass on. It
         *     can be used once, within 7 days. Only a hash of its token is stored. A new invitation to the same address
         *     revokes the pending one. An address that already has an account answers 409.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description Its link stops working at once.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description Creates the invited account with the chosen password and signs it in (sets the session cookie, as login
         *     does). The token is the one in the invitation's link. A link that is unknown, expired, used or revoked
         *     answers 400 with, for `token`, the reason `invitation_unknown`, `invitation_expired`, `invitation_used`
         *     or `invitation_revoked`; a password is held to the rule of changePassword (reasons
         *     `password_resembles_email` or `password_too_weak`, with `hints`), and a refused password leaves the
         *     link usable. 10 attempts per address in 15 minutes.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Served by every service on its own port, and by the gateway for itself.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description 200 when the database (and Redis where used) is reachable, else 503. Not routed through the gateway.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Prometheus text exposition format. Not routed through the gateway.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/revisions/{entity}/{entityId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description What kind of item. */
                entity: components["parameters"]["RevisionEntity"];
                /** @description The item's id (a page's key and language as `faq.es`; `site` for the settings). */
                entityId: components["parameters"]["RevisionEntityId"];
            };
            cookie?: never;
        };
        /**
         * An item's revisions, newest first
         * @description Every save of a post, product, page or the site settings keeps a revision: who saved, when, the item's
         *     editable fields as saved, and the fields that changed from the revision before. The last 50 are kept per
         *     item. The first save of an item that had none also keeps the state it had before, with no author.
         *     Products are answered by the catalog, everything else by content. Editors may read and restore the
         *     revisions of the posts, products and pages they edit; those of the site settings answer them 403.
         */
        get: operations["listRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/revisions/{entity}/{entityId}/{revisionId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description What kind of item. */
                entity: components["parameters"]["RevisionEntity"];
                /** @description The item's id (a page's key and language as `faq.es`; `site` for the settings). */
                entityId: components["parameters"]["RevisionEntityId"];
                /** @description The revision to go back to. */
                revisionId: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save an item as it was in one of its revisions
         * @description The revision's fields are saved over the item's through the same checks as an edit, and the restore is
         *     itself kept as a new revision (its `restoredFrom` names the one restored). A post's translation link
         *     and a product's offers are left as they are. Editors may restore posts, products and pages (403 for the site settings).
         */
        post: operations["restoreRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link that shows a draft or scheduled item to whoever holds it
         * @description A signed link that expires (`PREVIEW_LINK_HOURS`, 72 by default): it shows the item as it is when the link
         *     is opened, exactly as visitors will see it once public, in its language (a post's own; a product's review
         *     in `lang`), marked `noindex`. Anyone holding the link can read it, nobody can change it; a link for an item
         *     deleted since shows "not found".
         */
        post: operations["createPreviewLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/preview/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of a preview link. */
                token: components["parameters"]["PreviewToken"];
            };
            cookie?: never;
        };
        /** The post a preview link shows */
        get: operations["getPostPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/preview/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of a preview link. */
                token: components["parameters"]["PreviewToken"];
            };
            cookie?: never;
        };
        /** The product a preview link shows */
        get: operations["getProductPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document as JSON */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rendered API reference */
        get: operations["getApiDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @enum {string} */
        ReportBreakdown: "page" | "product" | "retailer" | "market" | "lang" | "source" | "medium" | "campaign" | "device" | "placement";
        ReportFigures: {
            views: number;
            visitors: number;
            clicks: number;
            /** @description Clicks over views (0 to any number; a page can send more clicks than it had views), null without views. */
            ctr: number | null;
            /**
             * @description Imported commissions (pending or approved; declined ones count nothing) whose sub-ID names one of the
             *     clicks counted here. They are credited to the click: its day, page, product, retailer, placement, source
             *     and campaign. Null, as revenue and epc, in an editor's report: commissions are the owner's.
             */
            conversions: number | null;
            /** @description What those commissions pay, in the report's `currency` (two decimals); null for an editor. */
            revenue: number | null;
            /** @description Earnings per click, revenue over clicks (four decimals), null without clicks or for an editor. */
            epc: number | null;
        };
        ReportRow: components["schemas"]["ReportFigures"] & {
            /** @description The breakdown's value (`(none)` for events without one). */
            key: string;
            /** @description What the owner reads for the key (a product's name; otherwise the key). */
            label: string;
            previous: components["schemas"]["ReportFigures"];
        };
        ReportPoint: {
            /** @description The day (YYYY-MM-DD), or the hour (YYYY-MM-DDTHH:00) for a one-day report, in the site's time zone. */
            at: string;
            views: number;
            visitors: number;
            clicks: number;
        };
        AnalyticsReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            timeZone: string;
            /** @description The currency of revenue figures (ISO 4217, the `ANALYTICS_CURRENCY` setting). */
            currency: string;
            breakdown: components["schemas"]["ReportBreakdown"];
            rows: components["schemas"]["ReportRow"][];
            totals: components["schemas"]["ReportFigures"];
            previous: {
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
                totals: components["schemas"]["ReportFigures"];
            };
            series: components["schemas"]["ReportPoint"][];
            /**
             * Format: date
             * @description The first day whose single events are all kept (the `ANALYTICS_RETENTION_DAYS` setting); null when they are kept for good. Roll-ups keep every day's figures, but what they do not hold is counted from single events: a breakdown under two filters, pages under a filter, and the hours of a filtered day.
             */
            eventsKeptFrom: string | null;
            /** @description False when this report, or its previous period, needed single events for days before `eventsKeptFrom`: those days count nothing in the figures that needed them. */
            complete: boolean;
        };
        /** @description One saved state of an item. */
        Revision: {
            id: number;
            /** @enum {string} */
            entity: "product" | "post" | "page" | "settings";
            entityId: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Who saved it; null for the state an item had before revisions were kept. */
            actor: null | {
                id: number;
                email: string;
            };
            /** @description The revision this save restored, when it was a restore. */
            restoredFrom: number | null;
            /** @description The fields that differ from the revision before (every field for the oldest kept). */
            changed: string[];
            /** @description The item's editable fields as saved (a product's or post's input, the settings, a page). */
            snapshot: Record<string, never>;
        };
        RevisionList: {
            revisions: components["schemas"]["Revision"][];
        };
        PreviewLinkInput: {
            /** @enum {string} */
            entity: "post" | "product";
            id: number;
            lang?: components["schemas"]["Language"];
        };
        PreviewLink: {
            /** @description The link's path on this site (`/preview/{entity}/{token}`, under `/es` for Spanish). */
            url: string;
            /** Format: date-time */
            expiresAt: string;
        };
        /** @enum {string} */
        Language: "en" | "es";
        /** @enum {string} */
        ProductSort: "placement" | "rating" | "price-asc" | "price-desc" | "potency" | "popularity";
        /** @enum {string} */
        PriceRange: "under-25" | "25-35" | "over-35";
        /** @description Envelope of every non-2xx JSON response. */
        Error: {
            error: {
                /**
                 * @description Stable machine code: validation_failed (400), unauthorized (401), forbidden (403), not_found (404), conflict (409),
                 *     gone (410), payload_too_large (413), unsupported_media_type (415), rate_limited (429), internal (500),
                 *     unavailable (503, readiness only).
                 * @enum {string}
                 */
                code: "validation_failed" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "gone" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal" | "unavailable";
                /** @description Human-readable; do not branch on it. */
                message: string;
                details?: {
                    /** @description The offending field or parameter, for example `name`. */
                    path: string;
                    message: string;
                    /** @description A stable code for this problem where an operation names one (for example `password_too_weak`), so a client can say it in its own words. */
                    reason?: string;
                    /** @description Stable codes of advice that go with the reason (for example `suggestion.anotherWord`). */
                    hints?: string[];
                }[];
            };
        };
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        /**
         * @description An ISO 3166-1 alpha-2 country code, or `default` for visitors of every other country.
         * @example ES
         * @example default
         */
        Market: string;
        /**
         * @description `unchecked`: not checked yet. `ok`: the page answered 200 and shows the product in stock.
         *     `redirected`: it answered after redirects within the retailer's site (usable; the owner may update the URL).
         *     `broken`: two checks in a row failed (an error status, a time-out, a TLS error, a redirect loop, or
         *     redirects ending on another host or the retailer's home page). `out_of_stock`: the page says so.
         * @enum {string}
         */
        OfferStatus: "unchecked" | "ok" | "redirected" | "broken" | "out_of_stock";
        OfferHealth: {
            status: components["schemas"]["OfferStatus"];
            /** Format: date-time */
            checkedAt: string | null;
            /** @description The last answer's status code; null when none came (time-out, refused address, TLS error). */
            httpStatus: number | null;
            /** @description Where the redirects ended. */
            finalUrl: string | null;
            /** @description What the last check saw, in words (for example `timed out after 10 s`). */
            detail: string | null;
        };
        /** @description One check of an offer's link. */
        OfferCheck: {
            /** Format: date-time */
            checkedAt: string;
            /**
             * @description What this check found; `failed` twice in a row makes the offer `broken`.
             * @enum {string}
             */
            outcome: "ok" | "redirected" | "failed" | "out_of_stock";
            httpStatus: number | null;
            finalUrl: string | null;
            detail: string | null;
            durationMs: number;
        };
        /** @description One retailer's offer of a product in one market, as the admin sees it. */
        Offer: {
            id: number;
            productId: number;
            retailer: string;
            market: components["schemas"]["Market"];
            /** Format: uri */
            url: string;
            /**
             * @description Exact decimal with two places.
             * @example 59.90
             */
            price: string;
            /** @description ISO 4217 code. */
            currency: string;
            /** @description Units (capsules, tablets) in the pack offered. */
            packSize: number | null;
            health: components["schemas"]["OfferHealth"];
            /** @description The last checks, newest first (at most 10). */
            recentChecks: components["schemas"]["OfferCheck"][];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        OfferInput: {
            productId: number;
            retailer: string;
            market: string;
            /** Format: uri */
            url: string;
            /** @description 0 to 99999999.99 with at most 2 decimals, as a string or a number. */
            price: string | number;
            currency?: string;
            packSize?: number | null;
        };
        /** @description An offer as visitors see it, without its address (they follow `/go/{slug}/{id}`). */
        PublicOffer: {
            id: number;
            retailer: string;
            market: components["schemas"]["Market"];
            price: string;
            currency: string;
            packSize: number | null;
            status: components["schemas"]["OfferStatus"];
        };
        CheckOffersInput: {
            ids?: number[];
        };
        OfferCheckRun: {
            /** @enum {string} */
            state: "idle" | "running";
            /** @description Offers in the run. */
            total: number;
            /** @description Offers checked so far. */
            done: number;
            /** @description Offers of the run found broken or out of stock so far. */
            problems: number;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            finishedAt: string | null;
        };
        /** @description A retailer (the name on its offers) with its sub-ID template. */
        Retailer: {
            name: string;
            /** @description How many offers carry this name. */
            offers: number;
            /** @description The query merged into an offer's address on a counted click, such as `subid={clickId}`. */
            subIdTemplate: string | null;
            /** @description Its first offer's address with the template applied to an example click (that offer's market and product). */
            exampleUrl: string | null;
            /**
             * @description The template's parameters that its offers' addresses already carry, which a counted click replaces:
             *     a stale sub-ID is meant to go, the site's own affiliate tag is not. The admin warns of them.
             */
            replaces: string[];
        };
        RetailerUpdate: {
            /** @description The template, or null (or empty) to clear it. */
            subIdTemplate: string | null;
        };
        /** @description Which header names hold which field; required ones missing means "show me the file first". */
        ConversionMapping: {
            clickId?: string;
            conversionId?: string;
            commission?: string;
            convertedAt?: string;
            status?: string;
            currency?: string;
        };
        ConversionImportInput: {
            /** @description The affiliate network the file comes from (conversion ids are unique within it). */
            network: string;
            fileName: string;
            csv: string;
            mapping?: components["schemas"]["ConversionMapping"];
            /**
             * @default reject
             * @enum {string}
             */
            unknownClicks?: "reject" | "skip";
            /**
             * @description What one unit of each other currency in the file is worth in the site's currency
             *     (`ANALYTICS_CURRENCY`), as the network or the bank converted it when paying: `{ "USD": 0.92 }`
             *     with EUR the site's. A row in a currency named here is stored converted (rounded to the cent),
             *     its own amount, currency and the rate kept beside it; a row in another currency without one is
             *     the row error `otherCurrency`.
             */
            rates?: {
                [key: string]: number;
            };
            /** @default false */
            dryRun?: boolean;
        };
        ConversionPreviewRow: {
            row: number;
            clickId: string | null;
            conversionId: string;
            /** @description In the site's currency (converted when the file's row is in another). */
            commissionCents: number;
            currency: string;
            /** @enum {string} */
            status: "pending" | "approved" | "declined";
            /** Format: date-time */
            convertedAt: string;
            /** @description The row's own amount and currency, and the rate it was converted at; null when it was in the site's currency. */
            original: null | {
                cents: number;
                currency: string;
                rate: number;
            };
        };
        ConversionImportResult: {
            /** @description True when nothing was stored. */
            dryRun: boolean;
            headers: string[];
            /** @description The first rows as the file has them, by header. */
            sampleRows: {
                [key: string]: string;
            }[];
            suggestedMapping: components["schemas"]["ConversionMapping"];
            /** @description Data rows in the file. */
            rows: number;
            /** @description With a full mapping, the first rows as they would be stored. */
            preview?: components["schemas"]["ConversionPreviewRow"][];
            /** @description Rows left out for an unknown click id (`unknownClicks` skip). */
            skipped?: number;
            /**
             * @description With a full mapping, the rows (at most 100, by their number in the file) whose conversion time is
             *     earlier than their click's: usually the file's times read in the wrong time zone. A date without a
             *     time counts only when that day had ended everywhere (36 hours after its UTC midnight) before the
             *     click. They are stored all the same; the admin warns of them.
             */
            beforeClick?: number[];
            import?: components["schemas"]["ConversionImport"];
        };
        ConversionImport: {
            id: number;
            network: string;
            fileName: string;
            /** @description The account that imported it (its email). */
            actor: string | null;
            /** @description Data rows in the file. */
            rows: number;
            /** @description Conversions stored new. */
            imported: number;
            /** @description Conversions already stored that the file replaced. */
            updated: number;
            /** Format: date-time */
            createdAt: string;
        };
        ConversionRowError: {
            /** @description The row as a spreadsheet numbers it (the header is row 1). */
            row: number;
            /** @description The header of the column at fault, or null for the whole row. */
            column: string | null;
            /**
             * @description What is wrong, for a client to say in its own language from `params`.
             * @enum {string}
             */
            code: "rowWidth" | "conversionIdEmpty" | "conversionIdLong" | "conversionIdRepeated" | "commissionEmpty" | "notAmount" | "mixedMarks" | "manyDecimals" | "ambiguousMark" | "misplacedThousands" | "notCurrency" | "otherCurrency" | "amountCurrency" | "unknownStatus" | "convertedAtEmpty" | "notDate" | "unknownClick" | "clickIdEmpty";
            /** @description What the problem's words name (the cell as the file has it as `value`, a row, currencies, counts). */
            params: {
                [key: string]: string | number;
            };
            /** @description The problem in English. */
            message: string;
        };
        ConversionImportRejected: {
            error: {
                /** @enum {string} */
                code: "validation_failed";
                message: string;
            };
            /** @description Every bad row's problems, by row (at most 1,000). */
            rowErrors: components["schemas"]["ConversionRowError"][];
        };
        LinkCheckSettings: {
            /** @description Hours between two checks of every offer. */
            intervalHours: number;
            /** @description Words on a retailer's page that mean sold out, per page language, matched without regard to case when the page declares no schema.org availability. */
            outOfStockPhrases: {
                en: components["schemas"]["PhraseList"];
                es: components["schemas"]["PhraseList"];
                de: components["schemas"]["PhraseList"];
                nl: components["schemas"]["PhraseList"];
                pl: components["schemas"]["PhraseList"];
            };
        };
        PhraseList: string[];
        /** @description Spanish overrides; a missing field falls back to English. */
        ProductTranslation: {
            description?: string;
            bestFor?: string;
            features?: string[];
            benefits?: string[];
            htmlContent?: string;
            badge?: string;
            source?: string;
            couponDescription?: string;
            couponDiscount?: string;
            keywords?: string;
            ageRange?: string;
            metaTitle?: string;
            metaDescription?: string;
        };
        /** @description A product as read. With `lang=es` the localized fields are already in Spanish where a translation exists. */
        Product: {
            id: number;
            slug: string;
            name: string;
            brand: string;
            description: string;
            /** @description Absolute URL or site-relative path such as `/api/images/x.png`. */
            imageUrl: string;
            /**
             * @description Numeric string with one decimal, 0-5.
             * @example 4.8
             */
            rating: string;
            reviewCount: number;
            /** @example 500mg */
            potency: string | null;
            source: string | null;
            bestFor: string;
            /**
             * @description Numeric string with two decimals.
             * @example 24.99
             */
            price: string;
            /** @description Rank on the comparison page; null when unranked. */
            placement: number | null;
            featured: boolean;
            badge: string | null;
            features: string[];
            benefits: string[];
            /** @description Every retailer's offer in every market, cheapest first within a market, with its health status. */
            offers: components["schemas"]["PublicOffer"][];
            /** @description The retailer `/go/{slug}` prefers in a market while its offer there is usable. */
            preferredRetailer: string | null;
            /**
             * Format: date-time
             * @description When the product goes public; while this is ahead it is scheduled and only the admin sees it (null is public).
             */
            publishAt: string | null;
            /** @description The title search engines show; null uses the one the page makes from the name. */
            metaTitle: string | null;
            /** @description The description search engines show; null uses the one the page makes. */
            metaDescription: string | null;
            /** @description Sanitised HTML. */
            htmlContent: string | null;
            couponCode: string | null;
            couponDiscount: string | null;
            couponDescription: string | null;
            inStock: boolean;
            isTopRanked: boolean;
            keywords: string | null;
            category: string | null;
            ageRange: string | null;
            expertGrade: components["schemas"]["ExpertGrade"];
            translations: components["schemas"]["ProductTranslations"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description Translations keyed by language (English is the product itself). */
        ProductTranslations: {
            es?: components["schemas"]["ProductTranslation"];
        };
        /**
         * @description Product fields for create and update. `x-error-message` is the message reported when a required field is missing or invalid.
         *     Empty optional strings are stored as null.
         */
        ProductInput: {
            name: string;
            brand: string;
            potency: string;
            source: string;
            /** @description 0 to 99999999.99 with at most 2 decimals, as a string (form input) or a number. */
            price: string | number;
            /** @description 1 to 5 with at most one decimal, as a string (form input) or a number. */
            rating: string | number;
            /** @description The retailer (as named on its offers) to send visitors to first; empty for the cheapest. */
            preferredRetailer?: string | null;
            /**
             * Format: date-time
             * @description When the product goes public (ISO 8601 with an offset); a time ahead schedules it, null or omitted makes it public now.
             */
            publishAt?: string | null;
            /** @description Search engines show about 60 characters; empty uses the title the page makes. */
            metaTitle?: string | null;
            /** @description Search engines show about 160 characters; empty uses the description the page makes. */
            metaDescription?: string | null;
            /** @description An http(s) URL or site-relative path such as `/api/images/x.png`. */
            imageUrl: string;
            description: string;
            bestFor: string;
            /** @default 0 */
            reviewCount?: number;
            /**
             * @description Rank on the comparison page. Ranks stay 1, 2, 3… with one product each: taking a rank another
             *     product holds moves it and those after it down one, and a rank past the last ranked product
             *     becomes the next one.
             */
            placement?: number | null;
            features?: components["schemas"]["TextListInput"];
            benefits?: components["schemas"]["TextListInput"];
            badge?: string | null;
            /** @default true */
            inStock?: boolean;
            /** @default false */
            featured?: boolean;
            /** @default false */
            isTopRanked?: boolean;
            htmlContent?: string | null;
            keywords?: string | null;
            couponCode?: string | null;
            couponDiscount?: string | null;
            couponDescription?: string | null;
            category?: string | null;
            ageRange?: string | null;
            /** @description The editors' letter grade on the review page; when omitted it is derived from the rating. */
            expertGrade?: components["schemas"]["ExpertGrade"];
            translations?: components["schemas"]["ProductTranslations"];
        };
        /**
         * @description Letter grade from the editors: 4.8+ is A+, 4.5+ A, 4.2+ A-, 4.0+ B+, 3.7+ B, 3.4+ B-, 3.0+ C+, 2.5+ C, below that D (when derived from the rating).
         * @enum {string}
         */
        ExpertGrade: "A+" | "A" | "A-" | "B+" | "B" | "B-" | "C+" | "C" | "C-" | "D" | "F";
        /** @description A list of strings, or one newline-separated string (blank lines are dropped). */
        TextListInput: string[] | string;
        FacetValue: {
            value: string;
            count: number;
        };
        PriceFacetValue: {
            value: components["schemas"]["PriceRange"];
            count: number;
        };
        ProductFacets: {
            /** @description Products matching every active filter. */
            total: number;
            potency: components["schemas"]["FacetValue"][];
            source: components["schemas"]["FacetValue"][];
            brand: components["schemas"]["FacetValue"][];
            price: components["schemas"]["PriceFacetValue"][];
            /** @description The currency the price ranges are in, for the visitor of the request's `country`. */
            currency: string;
        };
        BlogPost: {
            id: number;
            slug: string;
            title: string;
            excerpt: string;
            /** @description Sanitised HTML. */
            content: string;
            /** @example RESEARCH STUDY */
            category: string;
            imageUrl: string;
            published: boolean;
            /**
             * Format: date-time
             * @description When the post went or goes public; null while it is a draft. A published post whose time is still ahead is scheduled, and visitors do not see it until then.
             */
            publishedAt: string | null;
            /** @description The title search engines show; null uses the post's title. */
            metaTitle: string | null;
            metaDescription: string | null;
            keywords: string[];
            lang: components["schemas"]["Language"];
            /** @description Id of the same article in the other language. */
            translationId: number | null;
            /** @description Slug of the translation (read-only). */
            translationSlug: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description Blog post fields for create and update. `x-error-message` is the message reported when a required field is missing or invalid. */
        BlogPostInput: {
            title: string;
            /** @description Generated from the title when omitted. */
            slug?: string;
            excerpt: string;
            content: string;
            category: string;
            /** @description An http(s) URL or site-relative path such as `/api/images/x.png`. */
            imageUrl: string;
            /** @default false */
            published?: boolean;
            /**
             * Format: date-time
             * @description When a published post goes public (ISO 8601 with an offset); a time ahead schedules it. Omitted, the
             *     post keeps its time (a new one: now); null, a post scheduled for later goes public now.
             */
            publishAt?: string | null;
            /** @description Search engines show about 60 characters; empty uses the post's title. */
            metaTitle?: string | null;
            metaDescription?: string | null;
            /** @description A list of keywords, or one comma-separated string (trimmed, blanks dropped). */
            keywords?: string[] | string;
            /** @default en */
            lang?: components["schemas"]["Language"];
            translationId?: number | null;
        };
        /** @description A guide, landing or legal page or the FAQ in one language, as the owner edits it. */
        Page: {
            /** @example beginners-guide */
            key: string;
            lang: components["schemas"]["Language"];
            /** @description The page's heading. */
            title: string;
            /** @description The title search engines show; null uses the title. */
            metaTitle: string | null;
            /** @description The description search engines show; null uses the lead. */
            metaDescription: string | null;
            /** @description Markdown with page blocks, after optional front matter. */
            body: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Email of the admin who saved it last; null for the page as installed. */
            updatedBy: string | null;
        };
        /** @description A page's editable fields. `x-error-message` is the message reported when a field is missing or invalid. */
        PageInput: {
            title: string;
            /** @description Search engines show about 60 characters; empty uses the title. */
            metaTitle?: string | null;
            /** @description Search engines show about 160 characters; empty uses the lead. */
            metaDescription?: string | null;
            body: string;
        };
        /** @description A page as visitors see it. */
        PublishedPage: {
            key: string;
            lang: components["schemas"]["Language"];
            title: string;
            metaTitle: string | null;
            metaDescription: string | null;
            /** Format: date-time */
            updatedAt: string;
            content: components["schemas"]["RenderedPage"];
        };
        /** @description A page compiled from its Markdown. */
        RenderedPage: {
            meta: {
                /** @enum {string} */
                template: "guide" | "landing" | "legal";
                /** @description The <title>; the heading too unless `heading` is given. */
                title: string;
                heading?: string;
                description: string;
                lead?: string;
                eyebrow?: string;
                keywords?: string[];
                /** Format: date */
                updated: string;
                faq?: {
                    question: string;
                    answer: string;
                }[];
            };
            blocks: components["schemas"]["PageBlock"][];
        };
        /** @description One block of a page; which fields it has depends on its type. */
        PageBlock: {
            /** @enum {string} */
            type: "html" | "callout" | "cards" | "figure" | "products" | "featured" | "faq";
            id?: string;
            /** @description Safe HTML (html and callout blocks). */
            html?: string;
            tone?: string;
            columns?: number;
            cards?: string[];
            /** @description The chart a figure block draws. */
            name?: string;
            /** @description The rule a products or featured block picks products by. */
            rule?: string;
            copy?: {
                [key: string]: string | string[];
            };
            /** @description The questions a faq block holds itself (the FAQ page's categories), each answer as safe HTML. */
            entries?: {
                question: string;
                html: string;
            }[];
        };
        SiteSettings: {
            /** @description Short promises shown in the footer, per language; none until the owner writes them (an affiliate site ships nothing itself). */
            trustBadges: components["schemas"]["LocalizedLines"];
            /** @description The exit offer's selling points, per language; none until the owner writes them. */
            popupPerks: components["schemas"]["LocalizedLines"];
            /** @description The sentence shown at the foot of every page and atop the affiliate disclosure page, per language (a general one until the owner writes it). */
            affiliateDisclosure: components["schemas"]["LocalizedText"];
            siteName: string;
            logoUrl: string | null;
            faviconUrl: string | null;
            /** @description The site described per language, on that language's home page only (search results, link previews, its WebSite JSON-LD); until the owner writes it, each home page keeps its built-in description. */
            description: components["schemas"]["LocalizedText"];
            /** @description The owner's legal name, shown in the privacy policy, terms and affiliate disclosure. */
            legalName: string | null;
            /** @description Where visitors reach the owner about privacy, terms or affiliate questions (e-mail or postal address). */
            contactAddress: string | null;
            /**
             * Format: date
             * @description The date from which the current privacy policy, terms and affiliate disclosure apply.
             */
            legalEffectiveDate: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        SiteSettingsInput: {
            siteName?: string;
            /** @description An http(s) URL or site-relative path; empty or null clears it. */
            logoUrl?: string | null;
            /** @description An http(s) URL or site-relative path; empty or null clears it. */
            faviconUrl?: string | null;
            description?: components["schemas"]["LocalizedTextInput"];
            legalName?: string | null;
            contactAddress?: string | null;
            /** @description A calendar date (YYYY-MM-DD, years 1900 to 2099); an empty string clears it. */
            legalEffectiveDate?: string | null;
            trustBadges?: components["schemas"]["LocalizedLinesInput"];
            popupPerks?: components["schemas"]["LocalizedLinesInput"];
            affiliateDisclosure?: components["schemas"]["LocalizedTextInput"];
        };
        /** @description A short list per language; a language's list is shown on its pages only, never the other's. */
        LocalizedLines: {
            en: string[];
            es: string[];
        };
        /** @description Lines per language (trimmed, blanks dropped); a language left out keeps its lines. */
        LocalizedLinesInput: {
            en?: string[];
            es?: string[];
        };
        LocalizedText: {
            en: string | null;
            es: string | null;
        };
        /** @description Text per language (trimmed; empty or null clears it); a language left out keeps its text. */
        LocalizedTextInput: {
            en?: string | null;
            es?: string | null;
        };
        /**
         * @description `pending` until the confirmation link is followed (double opt-in), then `confirmed`;
         *     `unsubscribed` by the link in any email; `bounced` once the mail server refused the address for good.
         * @enum {string}
         */
        SubscriberStatus: "pending" | "confirmed" | "unsubscribed" | "bounced";
        Subscriber: {
            id: number;
            /** Format: email */
            email: string;
            status: components["schemas"]["SubscriberStatus"];
            /**
             * @description The language of the page the address signed up on; emails are sent in it.
             * @enum {string}
             */
            language: "en" | "es";
            /** @description The path of the page the sign-up came from. */
            sourcePath: string | null;
            /** Format: date-time */
            subscribedAt: string;
            /** Format: date-time */
            confirmedAt: string | null;
            /** Format: date-time */
            unsubscribedAt: string | null;
            /** Format: date-time */
            bouncedAt: string | null;
        };
        SubscribeInput: {
            /**
             * @description An email address. Surrounding whitespace is ignored and the address is stored lower-cased, so
             *     ` Ana@Example.org ` subscribes `ana@example.org`. Checked as `format: email` once trimmed; a 400 says
             *     "Please enter a valid email address."
             * @example ana@example.org
             */
            email: string;
            /**
             * @description The language of the page signed up on; the confirmation and every newsletter come in it.
             * @default en
             * @enum {string}
             */
            language?: "en" | "es";
            /** @description The path of the page the sign-up came from (kept for the owner), without scheme or host. */
            sourcePath?: string;
            /**
             * @deprecated
             * @description Ignored; sent by pages built before double opt-in.
             */
            isActive?: boolean;
        };
        SubscribeResult: {
            /** @enum {string} */
            status: "received";
            /** Format: email */
            email: string;
        };
        CampaignInput: {
            /** @description The subject in each language. English is required; an empty Spanish one sends the English version to Spanish readers. */
            subject: {
                en: string;
                es: string;
            };
            /** @description The message in Markdown (HTML allowed, sanitised) in each language. */
            body: {
                en: string;
                es: string;
            };
        };
        /** @enum {string} */
        CampaignStatus: "draft" | "scheduled" | "sending" | "paused" | "sent" | "cancelled";
        Campaign: {
            id: number;
            subject: {
                en: string;
                es: string;
            };
            body: {
                en: string;
                es: string;
            };
            status: components["schemas"]["CampaignStatus"];
            /** Format: date-time */
            sendAt: string | null;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            finishedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Deliveries by outcome; `failed` includes messages whose outcome a crash left unknown (never sent twice). */
            counts: {
                total: number;
                queued: number;
                sent: number;
                failed: number;
                bounced: number;
            };
        };
        SendCampaignInput: {
            /**
             * Format: date-time
             * @description When to begin; now when absent, null or past.
             */
            sendAt?: string | null;
        };
        TestEmailInput: {
            /** Format: email */
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            language?: "en" | "es";
        };
        TestEmailResult: {
            /**
             * @description `sent` to the mail server, or `kept` in the outbox (no SMTP configured).
             * @enum {string}
             */
            status: "sent" | "kept";
        };
        Outbox: {
            /** @description Whether an SMTP server is configured (then new messages are sent, not kept). */
            smtp: boolean;
            messages: components["schemas"]["OutboxMessage"][];
        };
        OutboxMessage: {
            id: number;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            kind: "confirmation" | "campaign" | "test";
            to: string;
            subject: string;
            headers: {
                [key: string]: string;
            };
            html: string;
            text: string;
            campaignId: number | null;
        };
        UnsubscribeInput: {
            token: string;
        };
        UnsubscribeResult: {
            /** @enum {string} */
            status: "unsubscribed";
        };
        ImageInfo: {
            id: number;
            filename: string;
            originalName: string;
            /** @enum {string} */
            mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
            /** @description Bytes. */
            fileSize: number;
            /** @description `/api/images/{filename}`. */
            url: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description An analytics event; the shape of `eventData` follows `eventType`. */
        TrackEvent: components["schemas"]["PageViewEvent"] | components["schemas"]["AffiliateClickEvent"];
        PageViewEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "page_view";
            /**
             * Format: uuid
             * @description An id the sender makes once for this event and keeps: the event sent again with the same id is
             *     stored once. Without one, every request is a new event.
             */
            eventId?: string;
            eventData: {
                page: string;
                /**
                 * @description The page that linked here (`document.referrer`), empty for none. Only its host is kept, and only
                 *     when it is another site's.
                 */
                referrer?: string;
                /** @description The landing address's `utm_source`, `utm_medium` and `utm_campaign`, as given. */
                utm?: {
                    source?: string;
                    medium?: string;
                    campaign?: string;
                };
                /** Format: date-time */
                timestamp: string;
            };
            productId?: number | null;
        };
        TrackBatch: {
            events: components["schemas"]["BatchedPageView"][];
        };
        /** @description A page view in a batch, which must carry its id (ids repeated within one batch are refused). */
        BatchedPageView: components["schemas"]["PageViewEvent"] & {
            /** Format: uuid */
            eventId: string;
        };
        AffiliateClickEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "affiliate_click";
            /**
             * Format: uuid
             * @description The click's id in the catalog's outbox: a click handed over twice is stored once. With it,
             *     `eventData.timestamp` is taken as the time of the click (the catalog may hand it over later).
             */
            eventId?: string;
            eventData: {
                productName: string;
                affiliateUrl: string;
                /** @description Slug of the clicked product (sent by the `/go/{slug}` redirect). */
                productSlug?: string;
                /** @description ISO 3166-1 alpha-2 code of the visitor's market, when known. */
                country?: string | null;
                placement?: components["schemas"]["Placement"];
                /** @description The retailer of the offer the visitor was sent to. */
                retailer?: string;
                offerId?: number;
                /** @description The newsletter campaign the link was followed from (`/go/{slug}?c=<id>`). */
                campaign?: number;
                /** Format: date-time */
                timestamp: string;
            };
            productId?: number | null;
        };
        /**
         * @description Where on the site an affiliate link was followed.
         * @enum {string}
         */
        Placement: "comparison-table" | "comparison-card" | "review" | "home" | "chat" | "exit-popup" | "landing" | "newsletter" | "other";
        TrackResult: {
            /** @enum {boolean} */
            queued: true;
        };
        AnalyticsTimeZone: {
            /** @description The site's time zone (IANA name), in which reports count their days. */
            timeZone: string;
        };
        AnalyticsSummary: {
            /** @description Distinct visitors with an event in the last 30 minutes. */
            visitorsLast30Minutes: number;
            /** @description The site's time zone (IANA name), in which reports count their days. */
            timeZone: string;
            /** @description Clicks of the last 7 days (UTC), the sum of `clicksByDate`. */
            totalClicks: number;
            /** @description The products clicked most in the last 7 days, at most ten. */
            topProducts: {
                productId: number;
                productName: string;
                clicks: number;
            }[];
            recentEvents: {
                id: number;
                event_type: string;
                product_name: string | null;
                /** Format: date-time */
                timestamp: string;
            }[];
            /** @description One entry per day of the last 7 days, oldest first, zero-filled. */
            clicksByDate: {
                /** Format: date */
                date: string;
                clicks: number;
            }[];
        };
        /** @description One anonymised affiliate click. */
        RecentActivity: {
            productName: string;
            productSlug: string | null;
            /** @description ISO 3166-1 alpha-2 code of the visitor's country, when known. */
            country: string | null;
            minutesAgo: number;
        };
        ChatMessage: {
            /** @enum {string} */
            role: "user" | "assistant";
            content: string;
        };
        ChatRequest: {
            message: string;
            conversationHistory: components["schemas"]["ChatMessage"][];
        };
        ChatProduct: {
            id: number;
            slug: string;
            name: string;
            brand: string;
            imageUrl: string;
            rating: string;
            reviewCount: number;
            /**
             * @description The price the visitor's market shows (the offer its buy button leads to, by the visitor's country
             *     header or Accept-Language), else the catalogue's price in US dollars.
             */
            price: string;
            /** @description The price's currency (ISO 4217). */
            currency: string;
            potency: string | null;
            bestFor: string;
        };
        /** @description An article the reply draws on, so that a client can show the reply's link to it under its title. */
        ChatArticle: {
            title: string;
            /** @description The article's path as the reply writes it. */
            link: string;
        };
        ChatResponse: {
            /**
             * @description Plain text. It names the site's pages by bare path (`/review/{slug}`, `/es/investigacion/{slug}`,
             *     `/david-sinclair-protocol`); a client showing them as links can name a review by its product in
             *     `products`, an article by its title in `articles`, and other pages by its own page names.
             */
            response: string;
            products?: components["schemas"]["ChatProduct"][];
            articles?: components["schemas"]["ChatArticle"][];
            language: components["schemas"]["Language"];
        };
        LoginInput: {
            /** Format: email */
            email: string;
            password: string;
        };
        /** @description `x-error-message` is the message reported when a field is missing or invalid. */
        ChangePasswordInput: {
            currentPassword: string;
            newPassword: string;
        };
        AuditActor: {
            id: number;
            email: string;
        };
        /** @description What the operation acted on. `id` is the entity's id (the path's id, or a new entity's), `label` its name as the admin knows it (a product's or offer's name, an article's title, an image's file name), `params` the path's parameters. */
        AuditTarget: {
            entity: string;
            id?: string | null;
            label?: string;
            params?: {
                [key: string]: string;
            };
        };
        /** @description One field an edit changed (a dotted path into the entity). `before` is absent for a field that did not exist, `after` for one that no longer does, and both for a secret (a password, a token), whose values are never kept. */
        AuditChange: {
            field: string;
            before?: unknown;
            after?: unknown;
        };
        AuditEventInput: {
            /** Format: uuid */
            uid: string;
            /** Format: date-time */
            occurredAt: string;
            actor: components["schemas"]["AuditActor"];
            action: string;
            service: string;
            target: components["schemas"]["AuditTarget"];
            requestId: string;
            changes: components["schemas"]["AuditChange"][];
        };
        RecordAuditEventsInput: {
            events: components["schemas"]["AuditEventInput"][];
        };
        AuditEvent: {
            id: number;
            /** Format: uuid */
            uid: string;
            /** Format: date-time */
            occurredAt: string;
            actor: components["schemas"]["AuditActor"];
            action: string;
            service: string;
            target: components["schemas"]["AuditTarget"];
            requestId: string;
            changes: components["schemas"]["AuditChange"][];
        };
        AuditEventPage: {
            events: components["schemas"]["AuditEvent"][];
            /** @description The `before` of the next page; null on the last one. */
            nextBefore: string | null;
        };
        SessionInfo: {
            user: {
                id: number;
                /** Format: email */
                email: string;
                role: components["schemas"]["AdminRole"];
            };
        };
        /**
         * @description `owner`: everything. `editor`: posts, products, offers, images, the dashboard and their own account.
         * @enum {string}
         */
        AdminRole: "owner" | "editor";
        AdminAccount: {
            id: number;
            /** Format: email */
            email: string;
            role: components["schemas"]["AdminRole"];
            /** Format: date-time */
            createdAt: string;
        };
        AccountUpdate: {
            role: components["schemas"]["AdminRole"];
        };
        /** @description `x-error-message` is the message reported when a field is missing or invalid. */
        InvitationInput: {
            /** Format: email */
            email: string;
            role: components["schemas"]["AdminRole"];
        };
        Invitation: {
            id: number;
            /** Format: email */
            email: string;
            role: components["schemas"]["AdminRole"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
        };
        CreatedInvitation: components["schemas"]["Invitation"] & {
            /**
             * Format: uri
             * @description The page where the invitee chooses a password, the token in its fragment (`/admin#invitation=...`), so it never reaches a server log.
             */
            link: string;
        };
        /** @description `x-error-message` is the message reported when a field is missing or invalid. */
        AcceptInvitationInput: {
            token: string;
            password: string;
        };
    };
    responses: {
        /** @description The preview link has expired (`gone`); ask for a new one. */
        PreviewExpired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is invalid (`validation_failed`); `details` lists each problem. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "validation_failed",
                 *         "message": "Name is required",
                 *         "details": [
                 *           {
                 *             "path": "name",
                 *             "message": "Name is required"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Refused (`forbidden`): a cookie-authenticated write from another site (Sec-Fetch-Site is not same-origin, or the Origin header is missing or names another host), or an admin whose role is not in the operation's `x-role`. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "forbidden",
                 *         "message": "Cross-site request refused"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid admin session, or wrong login credentials (`unauthorized`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unauthorized",
                 *         "message": "Invalid email or password"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The addressed resource does not exist (`not_found`). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "Product not found"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The slug is already used by another item (`conflict`). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "conflict",
                 *         "message": "Slug already in use"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many attempts (`rate_limited`); retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limited",
                 *         "message": "Too many attempts, try again later"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body exceeds the limit of the operation (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "payload_too_large",
                 *         "message": "Image is larger than 10 MB"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The content is not an accepted type (`unsupported_media_type`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unsupported_media_type",
                 *         "message": "Only PNG, JPEG, GIF and WebP images are accepted"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Where on the site the link was (`comparison-table`, `comparison-card`, `review`, `home`, `chat`, `exit-popup`,
         *     `landing`, `newsletter`): recorded with the click. Any other value is recorded as `other`, and the visitor is
         *     redirected all the same.
         */
        Placement: string;
        /** @description What kind of item. */
        RevisionEntity: "product" | "post" | "page" | "settings";
        /** @description The item's id (a page's key and language as `faq.es`; `site` for the settings). */
        RevisionEntityId: string;
        /** @description The signed token of a preview link. */
        PreviewToken: string;
        /** @description The page's English slug (`beginners-guide`, `faq`). */
        PageKey: string;
        PageLang: components["schemas"]["Language"];
        /** @description Language of localized fields; missing translations fall back to English per field. */
        Lang: components["schemas"]["Language"];
        /** @description Language of the list. The public list (`published=true`) defaults to `en` and falls back per article to the other language; the admin list returns only posts written in this language, or every language when it is omitted. */
        PostLang: components["schemas"]["Language"];
        /**
         * @description `placement`: ranked products first (ascending), then unranked by rating descending.
         *     `rating`: descending. `price-asc` / `price-desc`: by the price the visitor is shown (see `country`); prices in the list's currency first, then those in other currencies, then products with no usable offer. `potency`: milligrams descending, the label read as owners type it in English or Spanish (`1,000 mg`, `1.000 mg` and `1 g` are 1000 mg; `2,5 mg` is 2.5 mg). `popularity`: reviewCount descending.
         *     Ties of every sort follow `placement`, then id.
         */
        ProductSort: components["schemas"]["ProductSort"];
        /** @description Potency values (OR within the group), for example `500mg`; a value matches every potency that reads as the same milligrams (`1,000 mg`, `1000mg`, `1 g`). Repeat the parameter for several values. */
        PotencyFilter: string[];
        /** @description Source values (OR within the group). Repeat the parameter for several values. */
        SourceFilter: string[];
        /** @description Brand names (OR within the group). Repeat the parameter for several values. */
        BrandFilter: string[];
        /** @description Price ranges (OR within the group): `under-25` (< 25), `25-35` (25 to 35 inclusive), `over-35` (> 35), of the price the visitor is shown, in the currency the facets name (see `country`). A product shown in another currency, or with no usable offer, is in no range. */
        PriceFilter: components["schemas"]["PriceRange"][];
        /**
         * @description The visitor's country. Each product is priced at the offer its buy button leads a visitor from there
         *     to (their market's, else the `default` market's). Price ranges are in the usual currency of the visitor's
         *     market while any product is shown in it, else in the currency most products are shown in
         *     (`ProductFacets.currency`). Without it, as for a visitor whose country is unknown.
         */
        Country: string;
        /** @description URL slug. */
        Slug: string;
        /** @description Offer id. */
        OfferId: number;
        /** @description Offer id. */
        OfferIdPath: number;
        /** @description Product id. */
        ProductId: number;
        /** @description Blog post id. */
        BlogPostId: number;
        /** @description The newsletter campaign whose email the link was in; recorded with the click. */
        ClickCampaign: number;
        /**
         * @description The secret of a confirmation or unsubscribe link (base64url, 43 characters as issued). Any text
         *     is taken: a link a mail program cut short, or one followed by a stray character, answers the page
         *     for an unknown link in the reader's language rather than a JSON error.
         */
        NewsletterToken: string;
        /** @description Campaign id. */
        CampaignId: number;
        /** @description Only the subscribers of this status. */
        SubscriberStatusFilter: components["schemas"]["SubscriberStatus"];
        /** @description Subscriber id. */
        SubscriberId: number;
        /** @description Admin account id. */
        AccountId: number;
        /** @description Invitation id. */
        InvitationId: number;
        /**
         * @description Stored file name, as in `ImageInfo.filename` (lowercase letters, digits and hyphens, then `.png`, `.jpg`,
         *     `.gif` or `.webp`). Any other name, including traversal attempts such as `..`, is answered 404.
         */
        ImageFilename: string;
    };
    requestBodies: never;
    headers: {
        /** @description Strong validator; the quoted SHA-256 of the stored bytes, with `-w{w}` and `-webp` for a converted copy. */
        ImageETag: string;
        /** @description `public, max-age=31536000, immutable`: an image name always names the same bytes. */
        ImmutableCacheControl: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description `__Host-rsv_session=<opaque id>; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict; Secure`, then the device cookie `__Host-rsv_device=<opaque id>; Max-Age=31536000; Path=/; HttpOnly; SameSite=Strict; Secure` (kept through sign-outs; it only gives the browser a login budget of its own); on localhost (plain HTTP) `rsv_session=…` and `rsv_device=…` without `Secure`. */
        SetSessionCookie: string;
        /** @description Expires the session cookie, under the name it was set with. */
        ClearSessionCookie: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listProducts: {
        parameters: {
            query?: {
                /** @description Also list products scheduled for later (admins only; 401 otherwise). */
                includeScheduled?: boolean;
                /** @description Language of localized fields; missing translations fall back to English per field. */
                lang?: components["parameters"]["Lang"];
                /**
                 * @description `placement`: ranked products first (ascending), then unranked by rating descending.
                 *     `rating`: descending. `price-asc` / `price-desc`: by the price the visitor is shown (see `country`); prices in the list's currency first, then those in other currencies, then products with no usable offer. `potency`: milligrams descending, the label read as owners type it in English or Spanish (`1,000 mg`, `1.000 mg` and `1 g` are 1000 mg; `2,5 mg` is 2.5 mg). `popularity`: reviewCount descending.
                 *     Ties of every sort follow `placement`, then id.
                 */
                sort?: components["parameters"]["ProductSort"];
                /** @description Potency values (OR within the group), for example `500mg`; a value matches every potency that reads as the same milligrams (`1,000 mg`, `1000mg`, `1 g`). Repeat the parameter for several values. */
                potency?: components["parameters"]["PotencyFilter"];
                /** @description Source values (OR within the group). Repeat the parameter for several values. */
                source?: components["parameters"]["SourceFilter"];
                /** @description Brand names (OR within the group). Repeat the parameter for several values. */
                brand?: components["parameters"]["BrandFilter"];
                /** @description Price ranges (OR within the group): `under-25` (< 25), `25-35` (25 to 35 inclusive), `over-35` (> 35), of the price the visitor is shown, in the currency the facets name (see `country`). A product shown in another currency, or with no usable offer, is in no range. */
                price?: components["parameters"]["PriceFilter"];
                /**
                 * @description The visitor's country. Each product is priced at the offer its buy button leads a visitor from there
                 *     to (their market's, else the `default` market's). Price ranges are in the usual currency of the visitor's
                 *     market while any product is shown in it, else in the currency most products are shown in
                 *     (`ProductFacets.currency`). Without it, as for a visitor whose country is unknown.
                 */
                country?: components["parameters"]["Country"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching products in the requested order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductInput"];
            };
        };
        responses: {
            /** @description The created product. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    getProductFacets: {
        parameters: {
            query?: {
                /** @description Potency values (OR within the group), for example `500mg`; a value matches every potency that reads as the same milligrams (`1,000 mg`, `1000mg`, `1 g`). Repeat the parameter for several values. */
                potency?: components["parameters"]["PotencyFilter"];
                /** @description Source values (OR within the group). Repeat the parameter for several values. */
                source?: components["parameters"]["SourceFilter"];
                /** @description Brand names (OR within the group). Repeat the parameter for several values. */
                brand?: components["parameters"]["BrandFilter"];
                /** @description Price ranges (OR within the group): `under-25` (< 25), `25-35` (25 to 35 inclusive), `over-35` (> 35), of the price the visitor is shown, in the currency the facets name (see `country`). A product shown in another currency, or with no usable offer, is in no range. */
                price?: components["parameters"]["PriceFilter"];
                /**
                 * @description The visitor's country. Each product is priced at the offer its buy button leads a visitor from there
                 *     to (their market's, else the `default` market's). Price ranges are in the usual currency of the visitor's
                 *     market while any product is shown in it, else in the currency most products are shown in
                 *     (`ProductFacets.currency`). Without it, as for a visitor whose country is unknown.
                 */
                country?: components["parameters"]["Country"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Facet values and counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductFacets"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getProductBySlug: {
        parameters: {
            query?: {
                /** @description Language of localized fields; missing translations fall back to English per field. */
                lang?: components["parameters"]["Lang"];
            };
            header?: never;
            path: {
                /** @description URL slug. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getProduct: {
        parameters: {
            query?: {
                /** @description Language of localized fields; missing translations fall back to English per field. */
                lang?: components["parameters"]["Lang"];
            };
            header?: never;
            path: {
                /** @description Product id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductInput"];
            };
        };
        responses: {
            /** @description The updated product. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    redirectToAffiliate: {
        parameters: {
            query?: {
                /**
                 * @description Where on the site the link was (`comparison-table`, `comparison-card`, `review`, `home`, `chat`, `exit-popup`,
                 *     `landing`, `newsletter`): recorded with the click. Any other value is recorded as `other`, and the visitor is
                 *     redirected all the same.
                 */
                from?: components["parameters"]["Placement"];
                /** @description The newsletter campaign whose email the link was in; recorded with the click. */
                c?: components["parameters"]["ClickCampaign"];
            };
            header?: never;
            path: {
                /** @description URL slug. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the chosen offer, or to the review page when no offer is usable. */
            302: {
                headers: {
                    /** @description The chosen offer's address, or the review page's path. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    redirectToOffer: {
        parameters: {
            query?: {
                /**
                 * @description Where on the site the link was (`comparison-table`, `comparison-card`, `review`, `home`, `chat`, `exit-popup`,
                 *     `landing`, `newsletter`): recorded with the click. Any other value is recorded as `other`, and the visitor is
                 *     redirected all the same.
                 */
                from?: components["parameters"]["Placement"];
                /** @description The newsletter campaign whose email the link was in; recorded with the click. */
                c?: components["parameters"]["ClickCampaign"];
            };
            header?: never;
            path: {
                /** @description URL slug. */
                slug: components["parameters"]["Slug"];
                /** @description Offer id. */
                offerId: components["parameters"]["OfferIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the offer, or to the best usable offer, or to the review page when none is usable. */
            302: {
                headers: {
                    /** @description Where the visitor goes. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listOffers: {
        parameters: {
            query?: {
                /** @description Only this product's offers. */
                productId?: number;
                /** @description Only offers in this health status. */
                status?: components["schemas"]["OfferStatus"];
                /** @description Only offers for this market. */
                market?: components["schemas"]["Market"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createOffer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferInput"];
            };
        };
        responses: {
            /** @description The offer. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The product already has an offer with this market and URL (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Offer id. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferInput"];
            };
        };
        responses: {
            /** @description The offer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The product already has an offer with this market and URL (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Offer id. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getOfferCheckRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest run (`state` `idle` and zero counts before the first). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferCheckRun"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    checkOffers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckOffersInput"];
            };
        };
        responses: {
            /** @description The run the offers were queued in. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferCheckRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getLinkCheckSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkCheckSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateLinkCheckSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkCheckSettings"];
            };
        };
        responses: {
            /** @description The settings as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkCheckSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listRetailers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The retailers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Retailer"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateRetailer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The retailer's name as its offers carry it (URL-encoded). */
                retailer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetailerUpdate"];
            };
        };
        responses: {
            /** @description The retailer as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Retailer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listBlogPosts: {
        parameters: {
            query?: {
                /** @description `true` for the public list of published posts. */
                published?: boolean;
                /** @description Language of the list. The public list (`published=true`) defaults to `en` and falls back per article to the other language; the admin list returns only posts written in this language, or every language when it is omitted. */
                lang?: components["parameters"]["PostLang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Blog posts, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPost"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createBlogPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlogPostInput"];
            };
        };
        responses: {
            /** @description The created post. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPost"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    getBlogPostBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description URL slug. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPost"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getBlogPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Blog post id. */
                id: components["parameters"]["BlogPostId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPost"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateBlogPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Blog post id. */
                id: components["parameters"]["BlogPostId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlogPostInput"];
            };
        };
        responses: {
            /** @description The updated post. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPost"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    deleteBlogPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Blog post id. */
                id: components["parameters"]["BlogPostId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getSiteSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSettings"];
                };
            };
        };
    };
    updateSiteSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteSettingsInput"];
            };
        };
        responses: {
            /** @description The updated settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listPages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The page's English slug (`beginners-guide`, `faq`). */
                key: components["parameters"]["PageKey"];
                lang: components["parameters"]["PageLang"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    updatePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The page's English slug (`beginners-guide`, `faq`). */
                key: components["parameters"]["PageKey"];
                lang: components["parameters"]["PageLang"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PageInput"];
            };
        };
        responses: {
            /** @description The saved page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listSubscribers: {
        parameters: {
            query?: {
                /** @description Only the subscribers of this status. */
                status?: components["parameters"]["SubscriberStatusFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All subscribers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscriber"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscribeInput"];
            };
        };
        responses: {
            /** @description The sign-up was received. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscribeResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Subscriber id. */
                id: components["parameters"]["SubscriberId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportSubscribers: {
        parameters: {
            query?: {
                /** @description Only the subscribers of this status. */
                status?: components["parameters"]["SubscriberStatusFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per subscriber after the header row. */
            200: {
                headers: {
                    /**
                     * @description Attachment named `subscribers-YYYY-MM-DD.csv` (date of export), `subscribers-<status>-YYYY-MM-DD.csv` for another status than confirmed.
                     * @example attachment; filename="subscribers-2025-01-31.csv"
                     */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example email,language,status,subscribed_at,confirmed_at,unsubscribed_at,bounced_at,source_path
                     *     ana@example.org,es,confirmed,2025-01-10T09:12:00.000Z,2025-01-10T09:15:41.000Z,,,/es/guia-resveratrol
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UnsubscribeInput"];
            };
        };
        responses: {
            /** @description Unsubscribed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsubscribeResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    showConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The secret of a confirmation or unsubscribe link (base64url, 43 characters as issued). Any text
                 *     is taken: a link a mail program cut short, or one followed by a stray character, answers the page
                 *     for an unknown link in the reader's language rather than a JSON error.
                 */
                token: components["parameters"]["NewsletterToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page with the button. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The link is unknown, used or expired. (An address outside the contract answers the JSON envelope.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The secret of a confirmation or unsubscribe link (base64url, 43 characters as issued). Any text
                 *     is taken: a link a mail program cut short, or one followed by a stray character, answers the page
                 *     for an unknown link in the reader's language rather than a JSON error.
                 */
                token: components["parameters"]["NewsletterToken"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, never>;
            };
        };
        responses: {
            /** @description Confirmed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The link is unknown, used or expired. (An address outside the contract answers the JSON envelope.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    showUnsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The secret of a confirmation or unsubscribe link (base64url, 43 characters as issued). Any text
                 *     is taken: a link a mail program cut short, or one followed by a stray character, answers the page
                 *     for an unknown link in the reader's language rather than a JSON error.
                 */
                token: components["parameters"]["NewsletterToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page with the button. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Unknown link. (An address outside the contract answers the JSON envelope.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeOneClick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The secret of a confirmation or unsubscribe link (base64url, 43 characters as issued). Any text
                 *     is taken: a link a mail program cut short, or one followed by a stray character, answers the page
                 *     for an unknown link in the reader's language rather than a JSON error.
                 */
                token: components["parameters"]["NewsletterToken"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
                "multipart/form-data": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
            };
        };
        responses: {
            /** @description Unsubscribed (also when already). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Unknown link. (An address outside the contract answers the JSON envelope.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Outbox"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listCampaigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every campaign. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignInput"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignInput"];
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    sendCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SendCampaignInput"];
            };
        };
        responses: {
            /** @description Scheduled (or begun). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    sendTestEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestEmailInput"];
            };
        };
        responses: {
            /** @description Handed to the mail server (or kept in the outbox). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestEmailResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description The mail server did not take the message (`unavailable`); try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pauseCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Paused. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    resumeCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sending again (or scheduled again, when it had not begun). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    cancelCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id. */
                id: components["parameters"]["CampaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listImages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All images. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageInfo"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Multipart form; the `image` file is at most 10 MB. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image file (PNG, JPEG, GIF or WebP), at most 10 MB.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description The stored image. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getImage: {
        parameters: {
            query?: {
                /** @description Target width in pixels, one of a fixed set; any other value is a 400. */
                w?: 160 | 320 | 480 | 640 | 960 | 1280;
            };
            header?: never;
            path: {
                /**
                 * @description Stored file name, as in `ImageInfo.filename` (lowercase letters, digits and hyphens, then `.png`, `.jpg`,
                 *     `.gif` or `.webp`). Any other name, including traversal attempts such as `..`, is answered 404.
                 */
                filename: components["parameters"]["ImageFilename"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image bytes with their sniffed MIME type (or `image/webp`, see above), `X-Content-Type-Options: nosniff`, the sandboxing `Content-Security-Policy` and `Content-Disposition: inline`. */
            200: {
                headers: {
                    ETag: components["headers"]["ImageETag"];
                    "Cache-Control": components["headers"]["ImmutableCacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/gif": string;
                    "image/webp": string;
                };
            };
            /** @description Not modified; the `If-None-Match` ETag is current. */
            304: {
                headers: {
                    ETag: components["headers"]["ImageETag"];
                    "Cache-Control": components["headers"]["ImmutableCacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Stored file name, as in `ImageInfo.filename` (lowercase letters, digits and hyphens, then `.png`, `.jpg`,
                 *     `.gif` or `.webp`). Any other name, including traversal attempts such as `..`, is answered 404.
                 */
                filename: components["parameters"]["ImageFilename"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    trackEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrackEvent"];
            };
        };
        responses: {
            /** @description Accepted for processing. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            /** @description The event queue cannot be reached; the event was not recorded. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trackEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrackBatch"];
            };
        };
        responses: {
            /** @description Every event of the batch is queued for processing. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            /** @description The event queue cannot be reached; send the batch again, with the same ids, later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSummary"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getAnalyticsTimeZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The time zone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsTimeZone"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getAnalyticsReport: {
        parameters: {
            query: {
                from: string;
                to: string;
                breakdown: components["schemas"]["ReportBreakdown"];
                /** @description Only events whose page is this (`(none)` for events without one). */
                page?: string;
                /** @description Only events whose product is this (`(none)` for events without one). */
                product?: string;
                /** @description Only events whose retailer is this (`(none)` for events without one). */
                retailer?: string;
                /** @description Only events whose market is this (`(none)` for events without one). */
                market?: string;
                /** @description Only events whose lang is this (`(none)` for events without one). */
                lang?: string;
                /** @description Only events whose source is this (`(none)` for events without one). */
                source?: string;
                /** @description Only events whose medium is this (`(none)` for events without one). */
                medium?: string;
                /** @description Only events whose campaign is this (`(none)` for events without one). */
                campaign?: string;
                /** @description Only events whose device is this (`(none)` for events without one). */
                device?: string;
                /** @description Only events whose placement is this (`(none)` for events without one). */
                placement?: string;
                /** @description Most rows answered (by views, then clicks). */
                limit?: number;
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsReport"];
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listConversionImports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The imports, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionImport"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    importConversions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversionImportInput"];
            };
        };
        responses: {
            /** @description The preview (dry run or empty mapping) or the import as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionImportResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The request is larger than an import takes (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Some rows are bad; nothing was stored. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionImportRejected"];
                };
            };
        };
    };
    getRecentActivity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recent activity, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecentActivity"][];
                };
            };
        };
    };
    sendChatMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequest"];
            };
        };
        responses: {
            /** @description The assistant's reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginInput"];
            };
        };
        responses: {
            /** @description Logged in. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSessionCookie"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out. */
            204: {
                headers: {
                    "Set-Cookie": components["headers"]["ClearSessionCookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logged-in admin. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordInput"];
            };
        };
        responses: {
            /** @description Changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    logoutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session revoked. */
            204: {
                headers: {
                    "Set-Cookie": components["headers"]["ClearSessionCookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Only events of admins whose email contains this text (any case). */
                actor?: string;
                /** @description Only events of this operation (its operationId, such as `updateProduct` or `login`). */
                action?: string;
                /** @description Only events at or after this time. */
                from?: string;
                /** @description Only events before this time. */
                to?: string;
                /** @description Only events after this one in the list (the previous page's `nextBefore`). */
                before?: string;
                /** @description Events per page. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    recordAuditEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAuditEventsInput"];
            };
        };
        responses: {
            /** @description Stored (or already stored). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description The services' shared secret is missing or wrong. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accounts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAccount"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Admin account id. */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; its sessions have ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Admin account id. */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountUpdate"];
            };
        };
        responses: {
            /** @description The account as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pending invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationInput"];
            };
        };
        responses: {
            /** @description The invitation, with its link. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedInvitation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invitation id. */
                id: components["parameters"]["InvitationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitationInput"];
            };
        };
        responses: {
            /** @description The account was created and is signed in. */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSessionCookie"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description A dependency is unreachable; `error.code` is `unavailable` and `details` name the failing checks. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    listRevisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description What kind of item. */
                entity: components["parameters"]["RevisionEntity"];
                /** @description The item's id (a page's key and language as `faq.es`; `site` for the settings). */
                entityId: components["parameters"]["RevisionEntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revisions kept, newest first (an item never saved since revisions were kept has none). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    restoreRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description What kind of item. */
                entity: components["parameters"]["RevisionEntity"];
                /** @description The item's id (a page's key and language as `faq.es`; `site` for the settings). */
                entityId: components["parameters"]["RevisionEntityId"];
                /** @description The revision to go back to. */
                revisionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision the restore made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The revision cannot be saved as it is now (`conflict`), such as a slug another item took since. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPreviewLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreviewLinkInput"];
            };
        };
        responses: {
            /** @description The link. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getPostPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of a preview link. */
                token: components["parameters"]["PreviewToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post as saved, draft or scheduled (never kept by a cache). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPost"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["PreviewExpired"];
        };
    };
    getProductPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of a preview link. */
                token: components["parameters"]["PreviewToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product as saved, in the link's language, scheduled or not (never kept by a cache). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["PreviewExpired"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getApiDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference as one HTML page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
}
