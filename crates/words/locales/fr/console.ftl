# The console's own words (`namnam console`, and `namnam replay`). Its command names stay as they are.

console-line-shape = Écrivez `[#salon] joueur commande [nom:valeur …]`, par exemple `alice help`.
console-unreadable-line = Cette ligne n'est pas du texte UTF-8 (un octet invalide à l'octet { $at }) : elle a été ignorée.
console-bad-name = Les noms sont faits de lettres, de chiffres, de `_`, `-` et `.` : pas { $user } dans #{ $channel }.
console-only-sees = (visible par { $user } seulement)
console-dm-to = MP à { $user }
console-picture = image : { $path }
console-animation = animation : { $path }
console-file = fichier : { $path }
console-file-end = fin de { $name }
console-thread = (un fil s'ouvrirait ici : { $name })
console-next = ensuite : { $moves }

# `namnam replay FILE`: each move of a record.
replay-step = manche { $round }, coup { $in_round } : { $player } a semé la case { $house }
console-time-left = ({ $left } pour jouer)
replay-result = Résultat : { $result }
replay-in-progress = la partie est encore en cours.
replay-aborted = la partie a été arrêtée par un admin.
console-hello = Console Namnam sur { $database }. Tapez `alice help` pour les commandes ; Ctrl-D pour quitter.
console-link = { $label } : { $url }
