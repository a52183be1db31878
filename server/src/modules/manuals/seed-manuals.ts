import type { ThreeLanguages } from '../../db/schema/index.js';

/**
 * The manuals every new shop starts with (manuals.ts seedManuals): the start of service and a printer that
 * stops. They name Bakje's own screens and buttons as the staff dashboard labels them.
 */
export const SEEDED_MANUALS: { key: string; title: ThreeLanguages; body: ThreeLanguages }[] = [
  {
    key: 'opening-the-shop',
    title: { nl: 'De zaak openen', fr: 'Ouvrir le magasin', en: 'Opening the shop' },
    body: {
      nl: `<p>Loop deze lijst af voor elke dienst, voor de eerste bestelling binnenkomt.</p>
<ol>
<li><strong>Openingsuren</strong>: open <a href="/dashboard/hours">Openingsuren</a> en kijk of vandaag klopt: de uren per afhalen, levering en ter plaatse, en geen sluitingsdag die er niet hoort.</li>
<li><strong>Tijdsloten</strong>: kijk in <a href="/dashboard/timeslots">Tijdsloten</a> of de sloten van vandaag er staan en of de capaciteit past bij de bezetting in de keuken.</li>
<li><strong>Pauze</strong>: in de <a href="/dashboard">Keuken</a> staat op de knop <em>Pauze / druk</em> of bestellen open is. Staat er nog een pauze van gisteren, tik dan op <em>Hervatten</em>. Is het druk, kies +10, +20 of +30 minuten.</li>
<li><strong>Printer testen</strong>: open <a href="/dashboard/printing">Afdrukken</a> en tik op <em>Testticket op de keukenprinter</em> (en op de klantenprinter). Komt er geen ticket uit, volg de handleiding "De printer drukt niet af".</li>
<li><strong>Uitverkocht</strong>: tik in de Keuken op <em>Uitverkocht</em> en markeer wat vandaag niet te krijgen is. Zo'n markering vervalt vanzelf bij sluitingstijd; <em>Weer beschikbaar</em> zet een product meteen terug.</li>
<li><strong>Berichten</strong>: moet de klant iets weten (andere uren, een product op), zet dan een bericht in <a href="/dashboard/messages">Berichten</a> voor de webshop en de kiosk.</li>
</ol>
<p>Klaar: laat de Keuken open staan, nieuwe bestellingen verschijnen daar met een signaal.</p>`,
      fr: `<p>Parcourez cette liste à chaque service, avant l’arrivée de la première commande.</p>
<ol>
<li><strong>Heures d’ouverture</strong> : ouvrez <a href="/dashboard/hours">Heures d'ouverture</a> et vérifiez aujourd’hui : les heures pour l’emporter, la livraison et sur place, et aucun jour de fermeture de trop.</li>
<li><strong>Créneaux</strong> : vérifiez dans <a href="/dashboard/timeslots">Créneaux</a> que les créneaux du jour sont là et que la capacité correspond à l’équipe en cuisine.</li>
<li><strong>Pause</strong> : dans la <a href="/dashboard">Cuisine</a>, le bouton <em>Pause / affluence</em> indique si les commandes sont ouvertes. S’il reste une pause d’hier, touchez <em>Reprendre</em>. En cas d’affluence, choisissez +10, +20 ou +30 minutes.</li>
<li><strong>Tester l’imprimante</strong> : ouvrez <a href="/dashboard/printing">Impression</a> et touchez <em>Ticket de test sur l’imprimante cuisine</em> (et sur l’imprimante client). Si rien ne sort, suivez le manuel « L’imprimante n’imprime plus ».</li>
<li><strong>Épuisé</strong> : dans la Cuisine, touchez <em>Épuisé</em> et marquez ce qui manque aujourd’hui. La marque disparaît d’elle-même à la fermeture ; <em>De nouveau disponible</em> remet un produit tout de suite.</li>
<li><strong>Messages</strong> : si le client doit savoir quelque chose (autres heures, un produit épuisé), publiez un message dans <a href="/dashboard/messages">Messages</a> pour la boutique et la borne.</li>
</ol>
<p>C’est prêt : laissez la Cuisine ouverte, les nouvelles commandes y arrivent avec un signal.</p>`,
      en: `<p>Go through this list at the start of every service, before the first order comes in.</p>
<ol>
<li><strong>Opening hours</strong>: open <a href="/dashboard/hours">Opening hours</a> and check today: the hours for takeaway, delivery and dine-in, and no closed day that should not be there.</li>
<li><strong>Time slots</strong>: check in <a href="/dashboard/timeslots">Time slots</a> that today's slots are there and that their capacity fits the kitchen crew.</li>
<li><strong>Pause</strong>: in the <a href="/dashboard">Kitchen</a>, the <em>Pause / busy</em> button shows whether ordering is open. If a pause from yesterday is still on, tap <em>Resume</em>. When it is busy, choose +10, +20 or +30 minutes.</li>
<li><strong>Test the printer</strong>: open <a href="/dashboard/printing">Printing</a> and tap <em>Test ticket on the kitchen printer</em> (and on the customer printer). If nothing comes out, follow the manual "When the printer stops printing".</li>
<li><strong>Sold out</strong>: in the Kitchen, tap <em>Sold out</em> and mark what is not available today. A mark ends by itself at closing time; <em>Available again</em> brings a product back at once.</li>
<li><strong>Messages</strong>: if customers need to know something (other hours, a product gone), post a message in <a href="/dashboard/messages">Messages</a> for the web shop and the kiosk.</li>
</ol>
<p>Done: leave the Kitchen open; new orders appear there with a sound.</p>`,
    },
  },
  {
    key: 'printer-stopped',
    title: { nl: 'De printer drukt niet af', fr: 'L’imprimante n’imprime plus', en: 'When the printer stops printing' },
    body: {
      nl: `<p>Geen paniek: een bestelling gaat nooit verloren als de printer stilvalt. Bakje bewaart elk ticket als taak en probeert opnieuw tot het lukt.</p>
<ol>
<li><strong>Kijk naar de printer zelf</strong>: staat hij aan, zit er papier in, is het deksel dicht, brandt er een foutlampje? Zet hem even uit en weer aan.</li>
<li><strong>Kabel en netwerk</strong>: een netwerkprinter moet op hetzelfde netwerk zitten (kabel goed in, lampje aan de netwerkpoort brandt).</li>
<li><strong>Testticket</strong>: open <a href="/dashboard/printing">Afdrukken</a> en tik op <em>Testticket op de keukenprinter</em>. Lukt het niet, dan staat de reden in de melding; kijk ook of het printeradres (PrintNode-ID of host:poort) klopt en of afdrukken aan staat.</li>
<li><strong>Takenlijst</strong>: open <a href="/dashboard/jobs">Taken</a>. Mislukte printtaken staan daar met hun fout. Werkt de printer weer, tik dan op <em>Opnieuw proberen</em> bij elke mislukte taak; een ticket wordt maar één keer afgedrukt.</li>
<li><strong>Eén bestelling opnieuw afdrukken</strong>: in de <a href="/dashboard">Keuken</a> staat op elke bestelling de knop <em>Keukenticket afdrukken</em>. Die drukt een kopie af, gemarkeerd als kopie.</li>
<li><strong>Zonder printer verder</strong>: de Keuken toont alle bestellingen met hun inhoud. Werk daarvan tot de printer terug is, of zet bestellen even op pauze met <em>Pauze / druk</em>.</li>
</ol>
<p>In demo-modus drukt Bakje af op een virtuele printer: de tickets staan op <a href="/dashboard/printer">Printer</a>.</p>`,
      fr: `<p>Pas de panique : aucune commande n’est perdue quand l’imprimante s’arrête. Bakje garde chaque ticket comme tâche et réessaie jusqu’à ce que cela marche.</p>
<ol>
<li><strong>Regardez l’imprimante</strong> : est-elle allumée, y a-t-il du papier, le capot est-il fermé, un voyant d’erreur est-il allumé ? Éteignez-la puis rallumez-la.</li>
<li><strong>Câble et réseau</strong> : une imprimante réseau doit être sur le même réseau (câble bien branché, voyant du port réseau allumé).</li>
<li><strong>Ticket de test</strong> : ouvrez <a href="/dashboard/printing">Impression</a> et touchez <em>Ticket de test sur l’imprimante cuisine</em>. En cas d’échec, le message donne la raison ; vérifiez aussi l’adresse de l’imprimante (ID PrintNode ou hôte:port) et que l’impression est activée.</li>
<li><strong>Liste des tâches</strong> : ouvrez <a href="/dashboard/jobs">Tâches</a>. Les impressions échouées y figurent avec leur erreur. Quand l’imprimante remarche, touchez <em>Réessayer</em> pour chaque tâche échouée ; un ticket n’est imprimé qu’une fois.</li>
<li><strong>Réimprimer une commande</strong> : dans la <a href="/dashboard">Cuisine</a>, chaque commande a le bouton <em>Imprimer le ticket cuisine</em>. Il imprime une copie, marquée comme copie.</li>
<li><strong>Continuer sans imprimante</strong> : la Cuisine montre toutes les commandes et leur contenu. Travaillez à partir de l’écran, ou mettez les commandes en pause avec <em>Pause / affluence</em>.</li>
</ol>
<p>En mode démo, Bakje imprime sur une imprimante virtuelle : les tickets sont sur <a href="/dashboard/printer">Imprimante</a>.</p>`,
      en: `<p>No panic: an order is never lost when the printer stops. Bakje keeps every ticket as a job and retries until it prints.</p>
<ol>
<li><strong>Look at the printer</strong>: is it on, is there paper, is the lid closed, is an error light on? Switch it off and on again.</li>
<li><strong>Cable and network</strong>: a network printer must be on the same network (cable firmly in, the light at the network port on).</li>
<li><strong>Test ticket</strong>: open <a href="/dashboard/printing">Printing</a> and tap <em>Test ticket on the kitchen printer</em>. If it fails, the notice says why; also check the printer address (PrintNode ID or host:port) and that printing is switched on.</li>
<li><strong>Jobs page</strong>: open <a href="/dashboard/jobs">Jobs</a>. Failed print jobs are listed with their error. Once the printer works again, tap <em>Retry</em> on each failed job; a ticket is printed only once.</li>
<li><strong>Reprint one order</strong>: in the <a href="/dashboard">Kitchen</a>, every order has the button <em>Print kitchen copy</em>. It prints a copy, marked as a copy.</li>
<li><strong>Carry on without a printer</strong>: the Kitchen shows every order with its lines. Work from the screen until the printer is back, or pause ordering for a moment with <em>Pause / busy</em>.</li>
</ol>
<p>In demo mode Bakje prints on a virtual printer: its tickets are on <a href="/dashboard/printer">Printer</a>.</p>`,
    },
  },
];
