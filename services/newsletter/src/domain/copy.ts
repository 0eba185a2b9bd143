import type { Language } from "./subscriber.js";

/**
 * Every word a subscriber reads in an email or on the newsletter's own pages, in both languages;
 * `{site}` is the site's name as the owner set it (see copyFor).
 */
export const copy = {
  en: {
    siteName: "{site}",
    confirmSubject: "Confirm your subscription to {site}",
    confirmHeading: "Confirm your address",
    confirmIntro: "Someone, hopefully you, asked to receive the {site} newsletter at this address.",
    confirmAction: "Confirm my subscription",
    confirmExpiry:
      "The link works for 48 hours. If you did not ask for this, ignore this email: you will not hear from us again.",
    footerWhy: "You receive this email because you subscribed at {site}.",
    footerWhyConfirm: "You receive this email because this address was entered to subscribe at {site}.",
    unsubscribeLink: "Unsubscribe",
    confirmPageTitle: "Confirm your subscription",
    confirmPageText: "Press the button to start receiving the {site} newsletter at this address.",
    confirmedTitle: "Subscription confirmed",
    confirmedText: "Thank you. You will receive our next issue.",
    invalidConfirmTitle: "This link no longer works",
    invalidConfirmText:
      "Confirmation links work once, for 48 hours. If you copied this one, check that you copied all of it; otherwise sign up again on the site to get a new one.",
    unsubscribeTitle: "Unsubscribe from the newsletter",
    unsubscribeText: "Press the button to stop receiving the {site} newsletter.",
    unsubscribeButton: "Unsubscribe",
    unsubscribedTitle: "You are unsubscribed",
    unsubscribedText: "You will receive no more newsletters from us.",
    invalidUnsubscribeTitle: "Unsubscribe link not found",
    invalidUnsubscribeText:
      "This link is not valid. If you copied it, check that you copied all of it; if you keep receiving our emails, use the link in the latest one.",
    testUnsubscribeTitle: "This was a test message",
    testUnsubscribeText:
      "This link comes from a test of a campaign, so it unsubscribes nobody. In the real campaign, each reader's link unsubscribes them from the {site} newsletter.",
    backToSite: "Back to the site",
    testPrefix: "[Test]",
  },
  es: {
    siteName: "{site}",
    confirmSubject: "Confirma tu suscripción a {site}",
    confirmHeading: "Confirma tu dirección",
    confirmIntro: "Alguien, esperamos que tú, pidió recibir el boletín de {site} en esta dirección.",
    confirmAction: "Confirmar mi suscripción",
    confirmExpiry:
      "El enlace funciona durante 48 horas. Si no lo pediste, ignora este correo: no volverás a saber de nosotros.",
    footerWhy: "Recibes este correo porque te suscribiste en {site}.",
    footerWhyConfirm: "Recibes este correo porque se escribió esta dirección para suscribirse en {site}.",
    unsubscribeLink: "Darse de baja",
    confirmPageTitle: "Confirma tu suscripción",
    confirmPageText: "Pulsa el botón para empezar a recibir el boletín de {site} en esta dirección.",
    confirmedTitle: "Suscripción confirmada",
    confirmedText: "Gracias. Recibirás nuestro próximo número.",
    invalidConfirmTitle: "Este enlace ya no funciona",
    invalidConfirmText:
      "Los enlaces de confirmación funcionan una vez, durante 48 horas. Si copiaste este, comprueba que lo copiaste entero; si no, vuelve a suscribirte en el sitio para recibir uno nuevo.",
    unsubscribeTitle: "Darse de baja del boletín",
    unsubscribeText: "Pulsa el botón para dejar de recibir el boletín de {site}.",
    unsubscribeButton: "Darme de baja",
    unsubscribedTitle: "Te has dado de baja",
    unsubscribedText: "No recibirás más boletines nuestros.",
    invalidUnsubscribeTitle: "Enlace de baja no encontrado",
    invalidUnsubscribeText:
      "Este enlace no es válido. Si lo copiaste, comprueba que lo copiaste entero; si sigues recibiendo nuestros correos, usa el enlace del más reciente.",
    testUnsubscribeTitle: "Este era un mensaje de prueba",
    testUnsubscribeText:
      "Este enlace viene de una prueba de campaña, así que no da de baja a nadie. En la campaña real, el enlace de cada suscriptor lo da de baja del boletín de {site}.",
    backToSite: "Volver al sitio",
    testPrefix: "[Prueba]",
  },
} satisfies Record<Language, Record<string, string>>;

export type Copy = (typeof copy)["en"];

/** The words of one language with the site's name in place of `{site}`. */
export function copyFor(lang: Language, siteName: string): Copy {
  return Object.fromEntries(
    Object.entries(copy[lang]).map(([key, text]) => [key, text.replaceAll("{site}", siteName)]),
  ) as Copy;
}
