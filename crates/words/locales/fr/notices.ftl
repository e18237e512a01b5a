# What the clock, takebacks, seasons and direct messages say.

# The buttons under a takeback's request.
button-accept-takeback = Accepter la reprise
button-decline-takeback = Refuser

## Takebacks.
takeback-asked = { $player } demande à reprendre son coup (case { $house }). { $opponent } : { $accept } pour accepter, { $decline } pour refuser ; la demande tombe au prochain coup.
takeback-withdrawn = { $player } retire sa demande de reprise.
takeback-declined = { $player } refuse : le coup de { $asker } est maintenu.
takeback-accepted = { $player } accepte : le coup de { $asker } (case { $house }) est repris.

## Turn DMs.
notify-on = Je vous enverrai un MP quand ce sera à vous de jouer dans une partie, sauf si vous y avez joué dans les dernières minutes. Pour arrêter : { $off }. (Discord ne les livre que si nous partageons un serveur dont vos paramètres de confidentialité autorisent les membres à vous écrire.)
notify-off = Pas de MP quand c'est à vous de jouer. Pour en recevoir : { $on }.
notify-turn = À vous de jouer dans la partie n° { $id } contre { $opponent }, dans { $channel } : jouez avant le { $deadline }. Pour ne plus recevoir ces MP : { $off }.
notify-refused = Je n'ai pas pu vous envoyer de MP à votre tour (Discord ne me l'a pas permis : vos paramètres de confidentialité, ou aucun serveur en commun), les MP de tour sont donc désactivés. Pour les retrouver, autorisez les MP des membres d'un serveur que nous partageons, puis : { $on }.
notify-notice = Partie n° { $id }, dans { $channel } : { $notice }
notify-challenge-notice = Votre défi, dans { $channel } : { $notice }

## The clock.
clock-reminder = { $player } : il vous reste un quart de votre temps dans la partie n° { $id }. { $turn }
clock-paused-offline = La pendule a été arrêtée pendant { $span } tant que le bot était hors ligne.
clock-paused-unreachable = La pendule a été arrêtée pendant { $span } tant que Discord était injoignable.
clock-paused-unavailable = La pendule a été arrêtée pendant { $span } tant que Discord rendait ce serveur indisponible.

## Threads and admins.
thread-closed = Partie n° { $id } : son fil a été fermé, la partie continue donc ici avec les boutons ci-dessous.
admin-aborted = { $admin } a arrêté la partie n° { $id } entre { $south } et { $north }. Elle n'est pas classée.

## Seasons.
season-monthly = Une nouvelle saison commence d'elle-même le premier de chaque mois (UTC).
season-is = Nous sommes dans la saison { $season }. Les nouvelles de saison vont dans { $channel }.
season-is-no-news = Nous sommes dans la saison { $season }. Les nouvelles de saison vont là où une saison est lancée.
season-over-posted = La saison { $season } est terminée et la saison { $next } commence : les cotes repartent de zéro. Son podium final est publié dans { $channel }.
season-over = La saison { $season } est terminée (elle avait commencé le { $began }).
season-over-undated = La saison { $season } est terminée.
season-nobody = Personne n'y a terminé de partie classée.
season-top = Podium final : { $podium }.
season-begins = La saison { $season } commence : la cote de chacun repart de zéro. L'ancien classement : { $command }.
