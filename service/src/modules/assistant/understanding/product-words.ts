import { fold, wordsOf } from './stemming.js';

/**
 * The words shoppers ask about products with, in the main shop languages: "Le moulin Kern K2 a
 * des meules coniques ?" is answered by "38 mm conical burrs", "Hoeveel kopjes…" by "makes 8
 * cups". A question in another language than the catalog's shares no word with the sentence
 * that answers it, except the product's name; this short bilingual dictionary of the things and
 * properties product pages state bridges that. Each group is one meaning; its words are folded
 * and matched whole or with a short ending ("kopjes" of "kopje"). Words that are also another
 * language's function word ("thé" folds to "the", "té" to Dutch "te", "lã" to "la") or another
 * ordinary word ("main" is a hand in French, "chat" a cat, "mes" a knife in Dutch, "reis" rice in
 * German), and words a short ending would make another word of ("hand" of "handle", "cane" of
 * "canela"), are left out.
 */
const GROUPS: readonly string[] = [
  // Time and quantity
  'day days tag tage tagen jour jours dia dias giorno giorni dag dagen',
  'week weeks woche wochen semaine semaines semana semanas settimana settimane weken',
  'month months monat monate mois meses mese mesi maand maanden',
  'year years jahr jahre annee annees ano anos anno anni jaar jaren',
  'cup cups tasse tassen tasses taza tazas tazza tazze kop kopje kopjes xicara xicaras chavena chavenas',
  'piece pieces stuck teile piece pieces pieza piezas pezzo pezzi stuk stuks peca pecas',
  // Measures
  'capacity volume holds fassungsvermogen kapazitat volumen capacite contenance capacidad capacita inhoud capaciteit capacidade',
  'weight weighs gewicht wiegt poids pese peso pesa weegt',
  'size dimensions grosse masse abmessungen taille dimension tamano medidas dimensioni misure afmetingen maat tamanho',
  'length lange longueur longitud largo lunghezza lengte comprimento',
  'height hohe hauteur altura altezza hoogte',
  'width breite largeur anchura ancho larghezza breedte largura',
  'temperature temperatur temperatura temperatuur',
  'pressure druck pression presion pressione druk pressao',
  'power wattage leistung puissance potencia potenza vermogen',
  'battery akku batterie bateria batteria accu batterij',
  'hardness harte durete dureza durezza hardheid',
  'thread threads faden fadendichte fil fils hilo hilos filo fili draad draden fio fios',
  'setting settings einstellung einstellungen stufen reglage reglages ajuste ajustes impostazioni regolazioni instelling instellingen standen',
  // Parts and things
  'tank reservoir wassertank behalter deposito tanque serbatoio reservatorio',
  'water wasser eau agua acqua agua',
  'lid deckel couvercle tapa coperchio deksel tampa',
  'handle griff poignee manche mango asa manico handvat pega',
  'blade klinge lame hoja lama lemmet lamina',
  'burr burrs mahlwerk mahlscheibe mahlscheiben meule meules muela muelas macina macine maalschijf maalschijven',
  'filter filters filtre filtres filtro filtri',
  'cable cord kabel cable cavo cabo snoer',
  'screen display bildschirm ecran pantalla schermo scherm tela',
  'plug stecker prise enchufe spina stekker tomada',
  'charger ladegerat chargeur cargador caricatore oplader carregador',
  'bag bags beutel tute sachet sac bolsa bolsas sacchetto zak zakje saco',
  'box karton boite caja scatola doos caixa',
  'mattress matratze matelas colchon materasso matras colchao',
  'sole sohle semelle suela suola zool',
  'sleeve sleeves armel manche manga maniche mouw mouwen',
  'pocket pockets tasche taschen poche poches bolsillo bolsillos tasca tasche zak zakken bolso bolsos',
  'zip zipper reissverschluss fermeture cremallera cerniera rits ziper',
  'hood kapuze capuche capucha cappuccio capuchon capuz',
  'strap straps gurt riemen sangle correa cinghia riem alca',
  'wheel wheels rad rader roue roues rueda ruedas ruota ruote wiel wielen roda rodas',
  'vest vests weste westen gilet gilets chaleco chalecos bodywarmer colete',
  'down daune daunen plumon plumes piumino dons penugem',
  'fill fullung fullkraft bauschkraft gonflant relleno imbottitura vulling enchimento',
  'included includes contains contents enthalten enthalt lieferumfang inclus incluse inclusos comprend contient incluye incluido incluida contiene contenuto incluso inclusi inbegrepen bevat inclui incluidos',
  'gasket seal dichtung dichtungsring joint guarnicion junta guarnizione afdichting vedacao',
  'pot pots topf topfe casserole casseroles olla ollas pentola pentole pannen panela panelas',
  'altitude altitud altitudine hoogteligging',
  'calorie calories kalorien kalorie calorias caloria kcal calorieen',
  'protein proteins protein proteine proteines proteina proteinas eiwit eiwitten',
  'valid validity gultig gultigkeit valable validite valido valida validez validita geldig geldigheid validade',
  // Materials and properties
  'glass glas verre vidrio cristal vetro vidro',
  'steel stainless stahl edelstahl acier inox acero inoxidable acciaio staal rvs aco',
  'wood wooden holz bois madera legno hout madeira',
  'leather leder cuir cuero cuoio leer couro',
  'cotton baumwolle coton algodon cotone katoen algodao',
  'wool wolle laine lana wol',
  'plastic kunststoff plastik plastique plastico plastica',
  'colour color colours colors farbe farben couleur couleurs colores colore colori kleur kleuren cor cores',
  'conical konisch konische conique coniques conico conica conisch conische',
  'flat flach plat plano plana piatto piatta vlak platte',
  'unopened sealed ungeoffnet originalverpackt intacto intatto ongeopend ongeopende fechado',
  'opened geoffnet ouvert ouverte abierto abierta aperto aperta geopend geopende aberto aberta',
  'used gebraucht benutzt usage utilise usado usada usato usata gebruikt',
  'made manufactured hergestellt gefertigt produziert fabrique fabriquee fabriques fabricado fabricada fabbricato fabbricata gemaakt vervaardigd',
  'origin herkunft origine origen herkomst origem',
  'expire expires expiry expiration ablaufen verfallen verfall expirer caducan caducidad vencimiento scadenza scadono verlopen vervallen expiram validade',
  'new neu neuf neuve nuevo nueva nuovo nuova nieuw novo nova',
  'oven backofen ofen four horno forno',
  'induction induktion induccion induzione inductie inducao',
  'microwave mikrowelle micro-ondes microondas microonde magnetron',
  'washing waschmaschine waschbar lavable lavadora lavatrice wasmachine wasbaar lavar',
  // Body care
  'oil oils ol huile huiles aceite aceites olio oli olie olien oleo oleos',
  'soap soaps seife seifen savon savons jabon jabones sapone saponi zeep sabonete sabao',
  'cream creams creme cremes crema creme',
  'shampoo shampoos shampoing shampooing champu xampu',
  'conditioner spulung apres-shampoing acondicionador condicionador',
  'deodorant deodorants deo desodorante deodorante desodorizante',
  'balm baume balsam balsamo balsem',
  'lip lips lippe lippen levre levres labio labios labbra labbro',
  'face gesicht visage rostro viso gezicht rosto',
  'body korper corps cuerpo corpo lichaam',
  'hair haar haare cheveux cabello capelli cabelo',
  'skin haut peau piel pelle huid pele',
  'hands hande mano manos mani handen mao maos',
  'lavender lavendel lavande lavanda',
  'olive olives oliven olivier olivo oliva olijf azeitona',
  'night nacht nuit noche notte noite',
  'dry trocken trockene seche seches seca secco secca droog',
  'sensitive empfindlich empfindliche sensible sensibles sensibile gevoelig',
  'bicarbonate soda natron bicarbonato',
  // Kinds of things
  'kit kits trousse coffret estuche',
  'gift geschenk cadeau regalo',
  'travel reise reisen voyage viaje viaggio reizen viagem',
  'refill refills nachfullpack nachfullung recharge recharges recambio ricarica navulling refil',
  'knife knives messer couteau couteaux cuchillo cuchillos coltello coltelli faca facas',
  'kettle wasserkocher bouilloire hervidor bollitore waterkoker chaleira',
  'grinder muhle kaffeemuhle moulin molinillo macinino molen moedor',
  'lamp lampe lampara lampada',
  'headlamp headlamps headlight stirnlampe stirnlampen frontale frontales frontal hoofdlamp',
  'jacket jacke veste chaqueta giacca jas jaqueta',
  'shoe shoes schuh schuhe chaussure chaussures zapato zapatos scarpa scarpe schoen schoenen sapato sapatos',
  'sock socks socke socken chaussette chaussettes calcetin calcetines calzino calzini sok sokken meia meias',
  'glove gloves handschuh handschuhe gant gants guante guantes guanto guanti handschoen luva luvas',
  'blanket decke couverture manta coperta deken cobertor',
  'pillow kissen oreiller almohada cuscino kussen almofada travesseiro',
  'towel towels handtuch handtucher serviette serviettes toalla toallas asciugamano handdoek toalha',
  'dog dogs hund hunde chien chiens perro perros cani hond honden cao caes',
  'cat cats katze katzen chats gato gatos gatto gatti kat katten',
  'toy toys spielzeug jouet jouets juguete juguetes giocattolo giocattoli speelgoed brinquedo',
  // Accounts, billing and help pages
  'refund refunds refunded ruckerstattung erstattung remboursement rembourse reembolso reembolsos rimborso rimborsi terugbetaling',
  'invoice invoices rechnung rechnungen facture factures factura facturas fattura fatture factuur facturen fatura faturas',
  'subscription subscriptions abonnement abonnements suscripcion suscripciones abbonamento abbonamenti assinatura assinaturas',
  'reminder reminders erinnerung erinnerungen mahnung rappel rappels recordatorio recordatorios promemoria sollecito herinnering herinneringen lembrete lembretes',
  'invite invites invited einladen einladung inviter invitation invitar invitacion invitare invito uitnodigen uitnodiging convidar convite',
  'accountant accountants steuerberater buchhalter comptable contador contadores commercialista contabile boekhouder',
  'user users benutzer nutzer utilisateur utilisateurs usuario usuarios utente utenti gebruiker gebruikers usuarios',
  'password passwords passwort kennwort contrasena contrasenas wachtwoord senha',
  'draft drafts entwurf entwurfe brouillon brouillons borrador borradores bozza bozze rascunho rascunhos',
  'offline internet',
  'sync synced syncing synchronisiert synchronisieren synchronisation synchronise synchronisation sincroniza sincronizar sincronizacion sincronizza sincronizzazione synchroniseren sincronizacao',
  'prepaid prepagata prepago prepagada prepaye prepayee prepagos pre-pago prepaidkarte',
  'bank banks banken banque banques banco bancos banca banche',
  'due vencimiento scadenza vervaldatum vencimento echeance falligkeit',
  // Food and drink
  'coffee kaffee cafe caffe koffie',
  'tea tee thee',
  'milk milch lait leche latte melk leite',
  'sugar zucker sucre azucar zucchero suiker acucar',
  'decaf decaffeinated entkoffeiniert deca decafeine descafeinado decaffeinato cafeinevrij',
  'roast rostung rostgrad torrefaction tueste tostado tostatura branding torra',
  'grind ground grinding mahlen mahlgrad gemahlen mouture moulu molienda molido macinatura macinato maling gemalen moagem moido',
  'beans bohnen grains granos chicchi bonen graos',
  'vinegar essig vinaigre vinagre aceto azijn',
  'breakfast fruhstuck petit-dejeuner desayuno colazione ontbijt pequeno-almoco',
  'basket hamper korb geschenkkorb panier cesta cesto cesti mand',
  'voucher gutschein geschenkgutschein vale buono buoni tegoedbon',
  'food futter nourriture comida cibo voer racao',
];

const MIN_STEM = 4;
const MAX_ENDING = 3;

const GROUP_WORDS: readonly (readonly string[])[] = GROUPS.map((group) => [...new Set(wordsOf(fold(group)))]);

/** Whether a question's word is one of a group's: the same, or the group's word with a short ending ("kopjes", "meules"). */
function isForm(word: string, groupWord: string): boolean {
  if (word === groupWord) return true;
  return groupWord.length >= MIN_STEM && word.startsWith(groupWord) && word.length - groupWord.length <= MAX_ENDING;
}

/** The other words, in every language of the dictionary, that mean what this word of a question means ([] for none). */
export function productWordEquivalents(word: string): string[] {
  const folded = fold(word);
  const found = GROUP_WORDS.filter((group) => group.some((groupWord) => isForm(folded, groupWord)));
  return [...new Set(found.flat())].filter((other) => other !== folded);
}
