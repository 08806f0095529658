;;; beacon.el --- Find restaurants, cafés and hotels -*- lexical-binding: t; -*-

;; Author: The Beacon authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (jsonrpc "1.0.14"))
;; Keywords: convenience, comm

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Beacon is a headless place-discovery engine: it finds restaurants,
;; cafés and hotels near a point, shows their details and keeps your
;; ratings and favourites ("Mine steder") in a local SQLite file.  This
;; package starts `beacon serve' as a child process and speaks its
;; JSON-RPC through the built-in jsonrpc.el: it needs nothing else.
;;
;;   M-x beacon-search     choose a category, then type: the *Beacon*
;;                         list updates as you type (with C-u it also
;;                         asks for radius, sort and favourites only)
;;   M-x beacon-details    hours, phone, website and links of a place
;;                         (browser, Apple Maps, geo:)
;;   M-x beacon-rate       give a place 1-5 stars
;;   M-x beacon-favorites  "Mine steder"
;;
;; In the lists: RET details, r rate, f favourite on/off, / new search
;; text, s sort, + and - radius, F favourites only, g refresh, q quit.
;; In the details: r, f, g, q, and TAB between the links.
;;
;; Without a Geoapify key, Beacon searches its stored places and the
;; OpenStreetMap demo data of central Helsinki.  The key is read from
;; the environment variable GEOAPIFY_API_KEY, which the server
;; inherits; it is deliberately no customization, so it never ends up
;; in a file.  Beacon's messages, errors included, are in Norwegian
;; Bokmål unless `beacon-locale' says otherwise.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'subr-x)
(require 'tabulated-list)

(defgroup beacon nil
  "Find places with the Beacon server."
  :group 'applications
  :prefix "beacon-")

(defcustom beacon-binary "beacon"
  "The `beacon' program: a file name, or a command in `exec-path'."
  :type 'string)

(defcustom beacon-store nil
  "The SQLite store file, or nil for Beacon's default ($BEACON_STORE)."
  :type '(choice (const :tag "Beacon's default" nil) file))

(defcustom beacon-locale nil
  "The language of Beacon's messages: \"nb\", \"nn\" or \"en\".
nil means the stored setting, else Norwegian Bokmål."
  :type '(choice (const :tag "Stored setting" nil)
                 (const "nb") (const "nn") (const "en")))

(defcustom beacon-offline nil
  "Non-nil means Beacon uses its store only, never the network."
  :type 'boolean)

(defcustom beacon-debounce-ms 250
  "Milliseconds the server waits for more keystrokes before searching."
  :type 'integer)

(defcustom beacon-limit 20
  "How many places a search lists."
  :type 'integer)

(defcustom beacon-browse-function #'browse-url
  "Function that opens a link (https: or geo:) of a place."
  :type 'function)

(defconst beacon-version "0.1.0"
  "The version of this package.")

(defconst beacon--categories
  '(("Restaurant" . "restaurant") ("Kafé" . "cafe") ("Hotell" . "hotel"))
  "Category labels and their protocol names.")

(defconst beacon--sorts
  '(("avstand" . "distance") ("vurdering" . "rating") ("navn" . "name"))
  "Sort labels and their protocol names.")

(defconst beacon--radii '(1000 2000 5000 10000)
  "The radii \\`+' and \\`-' step through, in metres.")

;;;; The server

(defvar beacon--connection nil
  "The running `jsonrpc-process-connection', or nil.")
(defvar beacon--process nil
  "The process of the last server started.")
(defvar beacon--stopping nil
  "Non-nil while Beacon is being shut down on purpose.")
(defvar beacon--deaths 0
  "How often the server died unexpectedly.")
(defvar beacon-max-restarts 1
  "How often a server that died is started again.")
(defvar beacon--last-exit-status nil
  "The exit status of the last server that ended.")
(defvar beacon--center nil
  "The centre of the last search, for distances in \"Mine steder\".")
(defvar beacon--last-place nil
  "The place last shown: what `beacon-rate' rates by default.")
(defvar beacon--notices nil
  "Server notices already shown (each once per session).")
(defvar beacon-last-error nil
  "The last error Beacon answered: a plist (:code :message :data).")

(defun beacon--params (&rest plist)
  "PLIST without the keys whose value is nil (omitted, not sent as null)."
  (cl-loop for (key value) on plist by #'cddr
           when value append (list key value)))

(defun beacon--show-error (message)
  "Show MESSAGE, one of Beacon's error messages, as Emacs shows errors."
  (message "%s" (propertize (concat "Beacon: " message) 'face 'error)))

(defun beacon--on-shutdown (connection)
  "Note that the server of CONNECTION ended."
  (setq beacon--last-exit-status (process-exit-status beacon--process))
  (when (eq connection beacon--connection)
    (setq beacon--connection nil)
    (unless beacon--stopping
      (cl-incf beacon--deaths)
      (beacon--show-error (format "serveren stoppet uventet (status %s)"
                                  beacon--last-exit-status)))))

(defun beacon--notification (_connection method params)
  "Handle the server's notification METHOD with PARAMS."
  (when (eq method 'window/logMessage)
    (message "Beacon: %s" (plist-get params :message))))

(defun beacon--make-process ()
  "Start `beacon serve'."
  (setq beacon--process
        (make-process :name "beacon"
                      :command (list beacon-binary "serve")
                      :connection-type 'pipe
                      :coding 'utf-8-emacs-unix
                      :noquery t
                      ;; jsonrpc.el expects exactly this name: "*NAME stderr*".
                      :stderr (get-buffer-create "*beacon stderr*"))))

(defun beacon--start ()
  "Start `beacon serve' and initialize it; return the connection."
  (when (> beacon--deaths beacon-max-restarts)
    (user-error "Beacon har stoppet og startes ikke på nytt.  %s"
                "Kjør M-x beacon-restart"))
  (setq beacon--stopping nil)
  (let ((connection
         (condition-case err
             (make-instance 'jsonrpc-process-connection
                            :name "beacon"
                            :process #'beacon--make-process
                            :notification-dispatcher #'beacon--notification
                            :request-dispatcher #'ignore
                            :on-shutdown #'beacon--on-shutdown)
           (file-error
            (user-error "Kunne ikke starte Beacon (%s): %s.  %s"
                        beacon-binary (error-message-string err)
                        "Sett `beacon-binary'")))))
    (setq beacon--connection connection)
    (add-hook 'kill-emacs-hook #'beacon-shutdown)
    (condition-case err
        (beacon--request
         connection 'initialize
         (beacon--params
          :processId (emacs-pid)      ; the server ends itself if Emacs dies
          :clientInfo (list :name "beacon.el" :version beacon-version)
          :locale beacon-locale
          :initializationOptions
          (beacon--params :storePath (and beacon-store
                                          (expand-file-name beacon-store))
                          :offline (and beacon-offline t))))
      (user-error
       ;; E.g. the store cannot be opened: let this server go; the next
       ;; command tries again.
       (beacon-shutdown)
       (signal (car err) (cdr err))))
    connection))

(defun beacon--connection ()
  "The running connection, started on first use."
  (if (and beacon--connection (jsonrpc-running-p beacon--connection))
      beacon--connection
    (beacon--start)))

(defun beacon--request (connection method params)
  "Call METHOD (a symbol) with PARAMS on CONNECTION; return the result.
Beacon's errors are signalled as `user-error' with the server's
message, which is already in the user's language; the code and data
are in `beacon-last-error'."
  (condition-case err
      (jsonrpc-request connection method params :timeout 30)
    (jsonrpc-error
     (let* ((code (alist-get 'jsonrpc-error-code (cdr err)))
            (message (cond ((null code) "Beacon svarte ikke i tide")
                           ((eql code -1) "Beacon stoppet uventet")
                           (t (alist-get 'jsonrpc-error-message (cdr err))))))
       (setq beacon-last-error
             (list :code code :message message
                   :data (alist-get 'jsonrpc-error-data (cdr err))))
       (user-error "%s" message)))))

(defun beacon-call (method &optional params)
  "Call Beacon's METHOD (a string) with PARAMS (a plist).
Return the result as a plist.  Errors are signalled as `user-error'
\(see `beacon--request')."
  (beacon--request (beacon--connection) (intern method) params))

(defun beacon--call-async (method params on-result)
  "Call METHOD with PARAMS; ON-RESULT gets the result.
Errors are shown, except cancellations (superseded debounced requests)."
  (jsonrpc-async-request
   (beacon--connection) (intern method) params
   :success-fn on-result
   :error-fn (jsonrpc-lambda (&key code message &allow-other-keys)
               (unless (eql code -32800)
                 (beacon--show-error
                  (if (eql code -1) "serveren stoppet uventet" message))))
   :timeout 30))

(defun beacon-shutdown ()
  "Stop the server with `shutdown' and `exit'.  Runs when Emacs is killed."
  (interactive)
  (when-let ((connection beacon--connection))
    (setq beacon--stopping t)
    (ignore-errors (jsonrpc-request connection 'shutdown nil :timeout 2))
    (ignore-errors (jsonrpc-notify connection 'exit nil))
    (let ((deadline (+ (float-time) 2)))
      (while (and (process-live-p beacon--process) (< (float-time) deadline))
        (accept-process-output beacon--process 0.05)))
    (jsonrpc-shutdown connection)
    (setq beacon--connection nil)))

;;;###autoload
(defun beacon-restart ()
  "Start the server anew, also after it died too often."
  (interactive)
  (beacon-shutdown)
  (setq beacon--deaths 0)
  (beacon--connection)
  (message "Beacon kjører"))

;;;; Text

(defun beacon--decimal (value)
  "VALUE with one decimal and a decimal comma: 4,5."
  (string-replace "." "," (format "%.1f" value)))

(defun beacon--distance (meters)
  "METERS as \"350 m\" or \"1,2 km\"; empty for nil."
  (cond ((null meters) "")
        ((< meters 1000) (format "%d m" meters))
        (t (concat (beacon--decimal (/ meters 1000.0)) " km"))))

(defun beacon--radius (meters)
  "A radius of METERS: \"5 km\", \"1,5 km\"."
  (if (and (>= meters 1000) (zerop (% meters 1000)))
      (format "%d km" (/ meters 1000))
    (beacon--distance meters)))

(defun beacon--rating (summary)
  "The rating SUMMARY as \"★ 4,5 (2)\"; empty without ratings."
  (if summary
      (format "★ %s (%d)"
              (beacon--decimal (plist-get summary :average))
              (plist-get summary :count))
    ""))

(defun beacon--stars (count)
  "COUNT stars out of five: ★★★★☆."
  (concat (make-string count ?★) (make-string (- 5 count) ?☆)))

(defun beacon--favorite-p (place)
  "Whether PLACE is one of the favourites."
  (eq (plist-get place :isFavorite) t))

(defun beacon--label (value alist)
  "The label of VALUE in ALIST of (LABEL . VALUE)."
  (or (car (rassoc value alist)) value))

;;;; Lists: search results and "Mine steder"

(defvar-local beacon--query nil
  "What the list shows: a plist.
:source is `search' or `favorites'; :category, :text, :radiusMeters,
:sort and :scope are as in the protocol.")

(defvar-local beacon--generation 0
  "Counts this list's requests; an answer an edit outdated is dropped.")

(defvar beacon-list-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'beacon-details)
    (define-key map "r" #'beacon-rate)
    (define-key map "f" #'beacon-toggle-favorite)
    (define-key map "/" #'beacon-list-search-text)
    (define-key map "s" #'beacon-list-cycle-sort)
    (define-key map "+" #'beacon-list-wider)
    (define-key map "-" #'beacon-list-narrower)
    (define-key map "F" #'beacon-list-toggle-favorites-only)
    map)
  "Keys of `beacon-list-mode'.")

(define-derived-mode beacon-list-mode tabulated-list-mode "Beacon"
  "Places found by Beacon.
\\{beacon-list-mode-map}"
  (setq tabulated-list-format [("" 1 nil)
                               ("Navn" 32 nil)
                               ("Avstand" 9 nil :right-align t)
                               ("Vurdering" 11 nil)
                               ("Adresse" 0 nil)])
  (setq tabulated-list-padding 1)
  (add-hook 'tabulated-list-revert-hook #'beacon--refresh nil t)
  (tabulated-list-init-header))

(defun beacon--entry (place)
  "The list entry of PLACE (its id is the place itself)."
  (list place
        (vector (if (beacon--favorite-p place) "♥" "")
                (plist-get place :name)
                (beacon--distance (plist-get place :distanceMeters))
                (beacon--rating (plist-get place :rating))
                (or (plist-get place :address) ""))))

(defun beacon--describe-query ()
  "The list's query in words, for the mode line."
  (let* ((query beacon--query)
         (text (plist-get query :text))
         (radius (plist-get query :radiusMeters))
         (sort (plist-get query :sort)))
    (concat " "
            (string-join
             (delq nil
                   (list (if (eq (plist-get query :source) 'favorites)
                             "Mine steder"
                           (beacon--label (plist-get query :category)
                                          beacon--categories))
                         (and text (not (string-empty-p text))
                              (format "«%s»" text))
                         (and radius (beacon--radius radius))
                         (and sort (beacon--label sort beacon--sorts))
                         (and (plist-get query :scope) "bare favoritter")))
             " · "))))

(defun beacon--render (buffer result)
  "Show RESULT (a search or favourites answer) in the list BUFFER."
  (with-current-buffer buffer
    (let ((places (append (plist-get result :places) nil))
          (notice (plist-get result :message))
          (favorites (eq (plist-get beacon--query :source) 'favorites)))
      (when-let ((center (plist-get result :center)))
        (setq beacon--center center))
      (unless favorites                 ; the defaults the server applied
        (setq beacon--query (plist-put beacon--query
                                       :sort (plist-get result :sort)))
        (setq beacon--query (plist-put beacon--query
                                       :radiusMeters
                                       (plist-get result :radiusMeters))))
      (setq tabulated-list-entries (mapcar #'beacon--entry places))
      (setq mode-line-process (beacon--describe-query))
      (tabulated-list-print t)
      (cond ((and (null places) favorites)
             (message "Du har ingen favoritter ennå.  %s"
                      "Trykk f på et sted i et søk."))
            ((and (null places) notice) (message "%s" notice))
            ((and notice (not (member notice beacon--notices)))
             (push notice beacon--notices)
             (message "%s" notice))))))

(defun beacon--list-request (&optional debounce)
  "Method and params for the current list's query.
With DEBOUNCE, ask the server to wait for more keystrokes."
  (let* ((query beacon--query)
         (text (plist-get query :text))
         (text (and text (not (string-empty-p text)) text)))
    (if (eq (plist-get query :source) 'favorites)
        (list "favorites/list"
              (beacon--params :text text :center beacon--center))
      (list "places/search"
            (beacon--params :category (plist-get query :category)
                            :text text
                            :radiusMeters (plist-get query :radiusMeters)
                            :sort (plist-get query :sort)
                            :scope (plist-get query :scope)
                            :limit beacon-limit
                            :debounceMs (and debounce beacon-debounce-ms))))))

(defun beacon--refresh ()
  "Fetch the current list's places and show them (waits for the answer)."
  (let ((buffer (current-buffer)))
    (cl-incf beacon--generation)
    (beacon--render buffer (apply #'beacon-call (beacon--list-request)))))

(defun beacon--live-update (buffer text)
  "Search for TEXT in the list BUFFER, without waiting: for each keystroke.
The server waits `beacon-debounce-ms' and answers only the last of a
burst (the others get -32800 \"superseded\", which is not shown)."
  (with-current-buffer buffer
    (setq beacon--query (plist-put beacon--query :text text))
    (let ((generation (cl-incf beacon--generation)))
      (apply #'beacon--call-async
             (append (beacon--list-request t)
                     (list (lambda (result)
                             (when (and (buffer-live-p buffer)
                                        (= generation
                                           (buffer-local-value
                                            'beacon--generation buffer)))
                               (beacon--render buffer result)))))))))

(defun beacon--read-live (buffer initial)
  "Read a search text (INITIAL) while the list BUFFER follows each keystroke."
  (minibuffer-with-setup-hook
      (lambda ()
        (add-hook 'after-change-functions
                  (lambda (&rest _)
                    (beacon--live-update buffer
                                         (minibuffer-contents-no-properties)))
                  nil t))
    (read-from-minibuffer "Søk: " initial)))

(defun beacon--open-list (name query &optional live)
  "Show the list buffer NAME for QUERY and return it.
With LIVE, read the search text while the list follows."
  (let ((buffer (get-buffer-create name)))
    (with-current-buffer buffer
      (beacon-list-mode)
      (setq beacon--query query)
      (beacon--refresh))
    (when live
      (display-buffer buffer)
      (let ((text (beacon--read-live buffer (plist-get query :text))))
        (with-current-buffer buffer
          (setq beacon--query (plist-put beacon--query :text text))
          (beacon--refresh))))
    (pop-to-buffer buffer)
    buffer))

(defun beacon--read-category ()
  "Ask for a category; return its protocol name."
  (cdr (assoc (completing-read "Kategori: " beacon--categories nil t nil nil
                               "Restaurant")
              beacon--categories)))

(defun beacon--read-sort ()
  "Ask for a sort order; return its protocol name."
  (cdr (assoc (completing-read "Sorter etter: " beacon--sorts nil t nil nil
                               "avstand")
              beacon--sorts)))

;;;###autoload
(defun beacon-search (category &optional text radius sort favorites-only)
  "Search places of CATEGORY (\"restaurant\", \"cafe\", \"hotel\").
TEXT filters by name, address or cuisine, RADIUS is in metres, SORT
is \"distance\", \"rating\" or \"name\", and FAVORITES-ONLY searches
only your favourites.  Interactively, the text is read in the
minibuffer while the list updates as you type; with a prefix argument,
radius, sort and favourites only are asked for too.  Return the list
buffer."
  (interactive
   (let ((category (beacon--read-category)))
     (if current-prefix-arg
         (list category :live
               (* 1000 (read-number "Radius (km): " 5))
               (beacon--read-sort)
               (y-or-n-p "Bare favoritter? "))
       (list category :live))))
  (beacon--open-list "*Beacon*"
                     (beacon--params :source 'search
                                     :category category
                                     :text (if (stringp text) text "")
                                     :radiusMeters radius
                                     :sort sort
                                     :scope (and favorites-only "favorites"))
                     (eq text :live)))

;;;###autoload
(defun beacon-favorites ()
  "List \"Mine steder\", your favourites, from the store (also offline).
Return the list buffer."
  (interactive)
  (beacon--open-list "*Beacon: Mine steder*" (list :source 'favorites)))

(defun beacon-list-search-text ()
  "Type a new search text; the list follows each keystroke."
  (interactive)
  (let ((text (beacon--read-live (current-buffer)
                                 (plist-get beacon--query :text))))
    (setq beacon--query (plist-put beacon--query :text text))
    (beacon--refresh)))

(defun beacon-list-cycle-sort ()
  "Sort by distance, rating or name, in turn."
  (interactive)
  (let* ((sorts (mapcar #'cdr beacon--sorts))
         (next (or (cadr (member (plist-get beacon--query :sort) sorts))
                   (car sorts))))
    (setq beacon--query (plist-put beacon--query :sort next))
    (beacon--refresh)))

(defun beacon--step-radius (step)
  "Move the radius STEP places along `beacon--radii'."
  (let* ((radius (or (plist-get beacon--query :radiusMeters) 5000))
         (index (+ (or (cl-position radius beacon--radii) 2) step))
         (index (max 0 (min (1- (length beacon--radii)) index))))
    (setq beacon--query
          (plist-put beacon--query :radiusMeters (nth index beacon--radii)))
    (beacon--refresh)))

(defun beacon-list-wider ()
  "Search a wider radius."
  (interactive)
  (beacon--step-radius 1))

(defun beacon-list-narrower ()
  "Search a narrower radius."
  (interactive)
  (beacon--step-radius -1))

(defun beacon-list-toggle-favorites-only ()
  "Search only your favourites, or everything again."
  (interactive)
  (setq beacon--query
        (plist-put beacon--query :scope
                   (unless (plist-get beacon--query :scope) "favorites")))
  (beacon--refresh))

;;;; Details

(defvar-local beacon--place nil
  "The place a details buffer shows.")

(defvar beacon-details-mode-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map button-buffer-map)
    (define-key map "r" #'beacon-rate)
    (define-key map "f" #'beacon-toggle-favorite)
    map)
  "Keys of `beacon-details-mode'.")

(define-derived-mode beacon-details-mode special-mode "Beacon-sted"
  "The details of one place.
\\{beacon-details-mode-map}"
  (setq-local revert-buffer-function
              (lambda (&rest _)
                (beacon--show-details (plist-get beacon--place :id)))))

(defun beacon--place-at-point ()
  "The place on this list line or in these details, else the last one shown."
  (or (and (derived-mode-p 'beacon-list-mode) (tabulated-list-get-id))
      (and (derived-mode-p 'beacon-details-mode) beacon--place)
      beacon--last-place))

(defun beacon--links (place)
  "The links of PLACE as (LABEL . URL)."
  (let ((links (plist-get place :links))
        (website (plist-get place :website)))
    (delq nil
          (list (and website
                     (cons "Nettside"
                           (if (string-match-p "\\`[a-zA-Z][a-zA-Z0-9+.-]*:"
                                               website)
                               website
                             (concat "https://" website))))
                (cons "Apple Kart" (plist-get links :appleMaps))
                (cons "Kartapp (geo:)" (plist-get links :geo))
                (when-let ((osm (plist-get links :openStreetMap)))
                  (cons "OpenStreetMap" osm))))))

(defun beacon--clock (time)
  "The clock time of the RFC 3339 string TIME as the place reads it.
\"22:00\" today, \"27.03. 22:00\" another day."
  (let ((hour (substring time 11 16)))
    (if (string= (substring time 0 10) (format-time-string "%Y-%m-%d"))
        hour
      (format "%s.%s. %s" (substring time 8 10) (substring time 5 7) hour))))

(defun beacon--opening-status (hours)
  "HOURS (`openingHours' of a place) as \"Åpen nå – stenger 22:00\".
Or \"Stengt – åpner 11:00\"; nil when the hours cannot tell."
  (pcase (plist-get hours :openNow)
    ('nil nil)
    (:json-false (let ((opens (plist-get hours :opensAt)))
                   (if opens (concat "Stengt – åpner " (beacon--clock opens)) "Stengt nå")))
    (_ (let ((closes (plist-get hours :closesAt)))
         (if closes (concat "Åpen nå – stenger " (beacon--clock closes)) "Åpen nå")))))

(defun beacon--rating-text (rating)
  "RATING in words: \"★★★★☆  4,0 av 5 (1 vurdering)\", or \"ingen ennå\"."
  (if (not rating)
      "ingen ennå"
    (let ((count (plist-get rating :count)))
      (format "%s  %s av 5 (%d %s)"
              (beacon--stars (plist-get rating :stars))
              (beacon--decimal (plist-get rating :average))
              count (if (eql count 1) "vurdering" "vurderinger")))))

(defun beacon--open-link (button)
  "Open the link of BUTTON."
  (funcall beacon-browse-function (button-get button 'url)))

(defun beacon--insert-details (place)
  "Insert the details of PLACE."
  (let ((emoji (plist-get (plist-get place :presentation) :emoji))
        (cuisine (plist-get place :cuisine)))
    (insert (propertize (format "%s %s" (or emoji "") (plist-get place :name))
                        'face 'bold)
            "\n\n")
    (pcase-dolist (`(,label . ,value)
                   `(("Kategori" . ,(beacon--label (plist-get place :category)
                                                   beacon--categories))
                     ("Adresse" . ,(plist-get place :address))
                     ("Vurdering" . ,(beacon--rating-text
                                      (plist-get place :rating)))
                     ("Favoritt" . ,(if (beacon--favorite-p place)
                                        "♥ ja"
                                      "nei"))
                     ("Åpningstider" . ,(plist-get (plist-get place :openingHours) :raw))
                     ("Åpent nå" . ,(beacon--opening-status (plist-get place :openingHours)))
                     ("Telefon" . ,(plist-get place :phone))
                     ("E-post" . ,(plist-get place :email))
                     ("Nettside" . ,(plist-get place :website))
                     ("Kjøkken" . ,(and cuisine
                                        (string-join (append cuisine nil)
                                                     ", ")))))
      (when value
        (insert (format "%-14s %s\n" (concat label ":") value))))
    (insert "\nLenker:\n")
    (pcase-dolist (`(,label . ,url) (beacon--links place))
      (insert "  ")
      (insert-text-button label 'url url 'help-echo url
                          'action #'beacon--open-link)
      (insert (make-string (max 1 (- 16 (length label))) ?\s) url "\n"))
    (insert "\nr: gi vurdering  f: favoritt av/på  g: oppdater  q: lukk\n")))

(defun beacon--show-details (id)
  "Fetch the place ID and show its details; return the buffer."
  (let ((place (plist-get (beacon-call "places/details" (list :id id)) :place))
        (buffer (get-buffer-create "*Beacon: sted*")))
    (setq beacon--last-place place)
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (beacon-details-mode)
        (setq beacon--place place)
        (erase-buffer)
        (beacon--insert-details place)
        (goto-char (point-min))))
    buffer))

;;;###autoload
(defun beacon-details (id)
  "Show the place ID: hours, phone, website, links, rating, favourite.
Interactively, the place on the current line (or the last one shown)."
  (interactive
   (list (or (plist-get (beacon--place-at-point) :id)
             (read-string "Stedets ID: "))))
  (pop-to-buffer (beacon--show-details id)))

(defun beacon--after-change (id)
  "Show the news about the place ID in the open details and lists."
  (when-let ((buffer (get-buffer "*Beacon: sted*")))
    (when (equal (plist-get (buffer-local-value 'beacon--place buffer) :id) id)
      (beacon--show-details id)))
  (dolist (buffer (buffer-list))
    (when (eq (buffer-local-value 'major-mode buffer) 'beacon-list-mode)
      (with-current-buffer buffer
        (beacon--refresh)))))

;;;; Ratings and favourites

;;;###autoload
(defun beacon-rate (id stars)
  "Give the place ID STARS stars (1-5).
Interactively, the place on the current line or in the details (or
the last one shown)."
  (interactive
   (let ((place (beacon--place-at-point)))
     (list (or (plist-get place :id) (read-string "Stedets ID: "))
           (read-number (format "Vurdering av %s (1–5 stjerner): "
                                (or (plist-get place :name) "stedet"))))))
  (let* ((result (beacon-call "rating/add" (list :placeId id :stars stars)))
         (summary (plist-get result :summary)))
    (message "Vurdering lagret: %s (snitt %s av 5, %d i alt)"
             (beacon--stars stars)
             (beacon--decimal (plist-get summary :average))
             (plist-get summary :count))
    (beacon--after-change id)
    result))

;;;###autoload
(defun beacon-toggle-favorite (place)
  "Add PLACE (a plist with :id) to \"Mine steder\", or remove it.
Interactively, the place on the current line or in the details.
Return non-nil when it is a favourite now."
  (interactive (list (or (beacon--place-at-point)
                         (user-error "Ingen sted er valgt"))))
  (let* ((id (plist-get place :id))
         (favorite (beacon--favorite-p
                    (if (plist-member place :isFavorite)
                        place
                      (plist-get (beacon-call "places/details" (list :id id))
                                 :place)))))
    (beacon-call (if favorite "favorites/remove" "favorites/add")
                 (list :placeId id))
    (message (if favorite
                 "%s er fjernet fra Mine steder"
               "♥ %s er lagt til i Mine steder")
             (or (plist-get place :name) id))
    (beacon--after-change id)
    (not favorite)))

(provide 'beacon)
;;; beacon.el ends here
