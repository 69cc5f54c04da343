/**
 * The few sentences the runtime itself writes (button labels, the refusal when a reply would
 * leak the instructions, the offline responder's connective text), in the languages the offline
 * responder covers. Other reply languages use English for these; a real model writes everything
 * else in the reply language.
 */
import { en } from './lexicon/en.js';
import { LEXICONS, type PhraseKey, type PhraseTable } from './lexicon/index.js';

const EN = en.phrases;

export type { PhraseKey };

const LEGACY_TABLES: Record<string, Partial<PhraseTable>> = {
  de: {
    escalation_label: 'Mit einem Menschen sprechen',
    escalation_offer: 'Über die Schaltfläche unten erreichen Sie unser Team.',
    unsure: 'Ich bin mir nicht sicher, ob ich darauf die richtige Antwort habe.',
    leak_refusal: 'Meine Anweisungen kann ich nicht teilen, aber bei Ihrer Frage helfe ich gern.',
    from_source: 'Aus {title}:',
    see_also: 'Siehe auch:',
    products_intro: 'Das habe ich im Sortiment gefunden:',
    no_products: 'Ich habe kein passendes Produkt im Sortiment gefunden.',
    coupon_intro: 'Hier ist ein Gutschein für Sie:',
    no_coupon: 'Ich habe gerade keinen Gutschein anzubieten.',
    order_needs_verification: 'Um eine Bestellung nachzuschlagen, senden Sie mir bitte die Bestellnummer und die E-Mail-Adresse der Bestellung.',
    order_status: 'Bestellung {number}: {status}, Summe {total} {currency}.',
    order_tracking: 'Sendungsverfolgung:',
    order_not_found: 'Ich habe keine Bestellung mit diesen Angaben gefunden.',
    store_unavailable: 'Ich konnte den Shop gerade nicht erreichen. Bitte versuchen Sie es gleich noch einmal.',
    pricing_intro: 'Hier sind die Tarife:',
    case_study_intro: 'Hier ist eine Kundengeschichte:',
    nothing_found: 'Dazu habe ich auf dieser Website nichts gefunden.',
    stock_instock: 'auf Lager',
    stock_outofstock: 'nicht vorrätig',
    stock_onbackorder: 'nachbestellbar',
  },
  fr: {
    escalation_label: 'Parler à une personne',
    escalation_offer: 'Vous pouvez joindre notre équipe avec le bouton ci-dessous.',
    unsure: 'Je ne suis pas sûr d’avoir la bonne réponse à cette question.',
    leak_refusal: 'Je ne peux pas partager mes instructions, mais je vous aide volontiers pour votre question.',
    from_source: 'D’après {title} :',
    see_also: 'Voir aussi :',
    products_intro: 'Voici ce que j’ai trouvé dans le catalogue :',
    no_products: 'Je n’ai pas trouvé de produit correspondant dans le catalogue.',
    coupon_intro: 'Voici un code promo pour vous :',
    no_coupon: 'Je n’ai pas de code promo à proposer pour le moment.',
    order_needs_verification: 'Pour retrouver une commande, envoyez-moi le numéro de commande et l’adresse e-mail utilisée pour la commande.',
    order_status: 'Commande {number} : {status}, total {total} {currency}.',
    order_tracking: 'Suivi :',
    order_not_found: 'Je n’ai pas trouvé de commande avec ces informations.',
    store_unavailable: 'Je n’ai pas pu joindre la boutique pour le moment. Réessayez dans un instant.',
    pricing_intro: 'Voici les formules :',
    case_study_intro: 'Voici un témoignage client :',
    nothing_found: 'Je n’ai rien trouvé à ce sujet sur ce site.',
    stock_instock: 'en stock',
    stock_outofstock: 'rupture de stock',
    stock_onbackorder: 'en réapprovisionnement',
  },
  es: {
    escalation_label: 'Hablar con una persona',
    escalation_offer: 'Puede contactar con nuestro equipo con el botón de abajo.',
    unsure: 'No estoy seguro de tener la respuesta correcta a eso.',
    leak_refusal: 'No puedo compartir mis instrucciones, pero con gusto le ayudo con su pregunta.',
    from_source: 'Según {title}:',
    see_also: 'Vea también:',
    products_intro: 'Esto es lo que encontré en el catálogo:',
    no_products: 'No encontré ningún producto que coincida en el catálogo.',
    coupon_intro: 'Aquí tiene un cupón:',
    no_coupon: 'Ahora mismo no tengo ningún cupón para ofrecer.',
    order_needs_verification: 'Para consultar un pedido, envíeme el número de pedido y el correo electrónico usado en el pedido.',
    order_status: 'Pedido {number}: {status}, total {total} {currency}.',
    order_tracking: 'Seguimiento:',
    order_not_found: 'No encontré ningún pedido con esos datos.',
    store_unavailable: 'No pude contactar con la tienda en este momento. Inténtelo de nuevo en un momento.',
    pricing_intro: 'Estos son los planes:',
    case_study_intro: 'Aquí tiene un caso de éxito:',
    nothing_found: 'No encontré nada sobre eso en este sitio.',
    stock_instock: 'en stock',
    stock_outofstock: 'agotado',
    stock_onbackorder: 'bajo pedido',
  },
  ar: {
    escalation_label: 'التحدث إلى شخص',
    escalation_offer: 'يمكنك التواصل مع فريقنا عبر الزر أدناه.',
    unsure: 'لست متأكدًا من أن لدي الإجابة الصحيحة على ذلك.',
    leak_refusal: 'لا يمكنني مشاركة تعليماتي، لكن يسعدني مساعدتك في سؤالك.',
    from_source: 'من {title}:',
    see_also: 'انظر أيضًا:',
    products_intro: 'هذا ما وجدته في الكتالوج:',
    no_products: 'لم أجد منتجًا مطابقًا في الكتالوج.',
    coupon_intro: 'إليك قسيمة خصم:',
    no_coupon: 'ليس لدي قسيمة لأقدمها الآن.',
    order_needs_verification: 'للبحث عن طلب، أرسل لي رقم الطلب والبريد الإلكتروني المستخدم في الطلب.',
    order_status: 'الطلب {number}: {status}، الإجمالي {total} {currency}.',
    order_tracking: 'التتبع:',
    order_not_found: 'لم أجد طلبًا بهذه البيانات.',
    store_unavailable: 'تعذر الوصول إلى المتجر الآن. يرجى المحاولة بعد قليل.',
    pricing_intro: 'هذه هي الخطط:',
    case_study_intro: 'إليك قصة عميل:',
    nothing_found: 'لم أجد شيئًا عن ذلك في هذا الموقع.',
    stock_instock: 'متوفر',
    stock_outofstock: 'غير متوفر',
    stock_onbackorder: 'متاح للطلب المسبق',
  },
};

/** The phrase in the reply language (by primary subtag), English when it has no translation. */
export function phrase(languageTag: string, key: PhraseKey, values: Record<string, string> = {}): string {
  const primary = languageTag.toLowerCase().split('-')[0] ?? 'en';
  const template = LEXICONS[primary]?.phrases[key] ?? LEGACY_TABLES[primary]?.[key] ?? EN[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** The visitor's words for a synced stock status (`instock`...), never the shop's code. */
export function stockPhrase(languageTag: string, status: string): string {
  switch (status) {
    case 'instock':
      return phrase(languageTag, 'stock_instock');
    case 'outofstock':
      return phrase(languageTag, 'stock_outofstock');
    case 'onbackorder':
      return phrase(languageTag, 'stock_onbackorder');
    default:
      return status;
  }
}
