;;; beacon-tests.el --- ERT tests of beacon.el against the real server  -*- lexical-binding: t; -*-

;;; Commentary:

;; Runs the commands against the `beacon' binary ($BEACON_BINARY) in offline demo mode, each test
;; with a fresh store, and reads the buffers as a user sees them.  Expected names, distances and
;; messages come from the server's own answers.
;;
;;   BEACON_BINARY=/path/to/beacon emacs --batch -Q -L editors/emacs \
;;     -l editors/emacs/test/beacon-tests.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'beacon)
(require 'lisp-mnt)
(require 'package)

(defconst beacon-tests--source
  (expand-file-name "../beacon.el" (file-name-directory (or load-file-name buffer-file-name))))

(setq beacon-binary (or (getenv "BEACON_BINARY")
                        (expand-file-name "../../../.build/debug/beacon"
                                          (file-name-directory beacon-tests--source))))
(setenv "GEOAPIFY_API_KEY" nil)

(defvar beacon-tests--errors nil "Errors beacon.el showed during a test.")

(defmacro beacon-tests--with-server (&rest body)
  "Run BODY with a fresh store and server; shut it down afterwards."
  (declare (indent 0))
  `(let* ((directory (make-temp-file "beacon-el-" t))
          (beacon-store (expand-file-name "beacon.sqlite" directory))
          (beacon--deaths 0)
          (beacon--center nil)
          (beacon--last-place nil)
          (beacon-tests--errors nil))
     (cl-letf* ((show-error (symbol-function 'beacon--show-error))
                ((symbol-function 'beacon--show-error)
                 (lambda (message) (push message beacon-tests--errors) (funcall show-error message))))
       (unwind-protect (progn ,@body)
         (beacon-shutdown)
         (dolist (name '("*Beacon*" "*Beacon: Mine steder*" "*Beacon: sted*"))
           (when (get-buffer name) (kill-buffer name)))
         (delete-directory directory t)))))

(defun beacon-tests--wait (what condition)
  "Process output until CONDITION returns non-nil; fail after 10 s naming WHAT."
  (let ((deadline (+ (float-time) 10)))
    (while (not (funcall condition))
      (when (> (float-time) deadline) (ert-fail (format "timed out waiting for %s" what)))
      (accept-process-output nil 0.02))))

(defun beacon-tests--lines (buffer)
  "The text of BUFFER as lines (a tabulated list's header is not buffer text)."
  (with-current-buffer buffer
    (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n" t)))

(defun beacon-tests--shown-distance (meters)
  "METERS as the list must show them, written here independently of beacon.el."
  (if (< meters 1000) (format "%d m" meters)
    (replace-regexp-in-string "\\." "," (format "%.1f km" (/ meters 1000.0)))))

(defun beacon-tests--cafes (&optional text)
  "The server's own answer to a café search (with TEXT)."
  (beacon-call "places/search" (beacon--params :category "cafe" :text text :limit beacon-limit)))

(ert-deftest beacon-search-lists-names-distances-and-addresses ()
  (beacon-tests--with-server
    (let* ((expected (append (plist-get (beacon-tests--cafes) :places) nil))
           (lines (beacon-tests--lines (beacon-search "cafe"))))
      (should (>= (length expected) 3))
      (should (= (length lines) (length expected)))
      (cl-loop for place in expected
               for line in lines
               do (should (string-search (plist-get place :name) line))
               do (should (string-match-p (concat "\\_<" (regexp-quote (beacon-tests--shown-distance
                                                                         (plist-get place :distanceMeters))))
                                          line))
               do (should (string-search (or (plist-get place :address) "") line)))
      (message "  first line: %s" (car lines))
      (with-current-buffer "*Beacon*"
        (should (equal mode-line-process " Kafé · 5 km · avstand"))))))

(ert-deftest beacon-search-follows-typing-without-showing-superseded-requests ()
  (beacon-tests--with-server
    (let* ((buffer (beacon-search "cafe"))
           (first (car (append (plist-get (beacon-tests--cafes) :places) nil)))
           (word (downcase (substring (plist-get first :name) 0 3)))
           (expected (mapcar (lambda (place) (plist-get place :name))
                             (plist-get (beacon-tests--cafes word) :places)))
           (renders 0))
      (advice-add 'beacon--render :after (lambda (&rest _) (cl-incf renders)) '((name . beacon-tests)))
      (unwind-protect
          (progn
            (dotimes (i (length word))  ; one request per keystroke, faster than the debounce
              (beacon--live-update buffer (substring word 0 (1+ i))))
            (beacon-tests--wait "the narrowed list" (lambda () (= renders 1)))
            (accept-process-output nil 0.3)     ; no late answers follow
            (should (= renders 1)))
        (advice-remove 'beacon--render 'beacon-tests))
      (should (equal (mapcar (lambda (entry) (plist-get (car entry) :name))
                             (buffer-local-value 'tabulated-list-entries buffer))
                     expected))
      (should (string-search (car expected) (car (beacon-tests--lines buffer))))
      (should-not beacon-tests--errors))))

(ert-deftest beacon-list-keys-change-sort-radius-and-scope ()
  (beacon-tests--with-server
    (with-current-buffer (beacon-search "cafe")
      (beacon-list-cycle-sort)
      (beacon-list-wider)
      (should (equal mode-line-process " Kafé · 10 km · vurdering"))
      (should (equal (mapcar (lambda (entry) (plist-get (car entry) :id)) tabulated-list-entries)
                     (mapcar (lambda (place) (plist-get place :id))
                             (plist-get (beacon-call "places/search"
                                                     (list :category "cafe" :sort "rating"
                                                           :radiusMeters 10000 :limit beacon-limit))
                                        :places))))
      (beacon-list-toggle-favorites-only)
      (should (equal mode-line-process " Kafé · 10 km · vurdering · bare favoritter"))
      (should (null tabulated-list-entries)))))

(ert-deftest beacon-details-show-fields-and-open-links ()
  (beacon-tests--with-server
    (with-current-buffer (beacon-search "cafe")
      (goto-char (point-min))
      (beacon-details (plist-get (tabulated-list-get-id) :id)))
    (let* ((place (plist-get (beacon-call "places/details" (list :id (plist-get beacon--last-place :id))) :place))
           (text (with-current-buffer "*Beacon: sted*" (buffer-string)))
           (opened nil)
           (beacon-browse-function (lambda (url) (push url opened))))
      (should (string-search (plist-get place :name) text))
      (dolist (field '(:address :phone :website))
        (when (plist-get place field) (should (string-search (plist-get place field) text))))
      (when-let ((hours (plist-get place :openingHours)))
        (should (string-search (plist-get hours :raw) text))
        (pcase (plist-get hours :openNow)
          ('nil (should-not (string-search "Åpent nå:" text)))
          (:json-false (should (string-search "Stengt" text)))
          (_ (should (string-search "Åpen nå" text)))))
      (should (string-search (plist-get (plist-get place :links) :appleMaps) text))
      (with-current-buffer "*Beacon: sted*"
        (goto-char (point-min))
        (while (forward-button 1 nil nil t)
          (push-button)))
      (should (member (plist-get (plist-get place :links) :appleMaps) opened))
      (should (member (plist-get (plist-get place :links) :geo) opened)))))

(ert-deftest beacon-opening-status-reads-like-the-cli ()
  (let ((today (format-time-string "%Y-%m-%d")))
    (should (equal (beacon--opening-status (list :openNow t :closesAt (concat today "T22:00:00+02:00")))
                   "Åpen nå – stenger 22:00"))
    (should (equal (beacon--opening-status (list :openNow :json-false :opensAt "2026-03-27T11:00:00+02:00"))
                   (if (equal today "2026-03-27") "Stengt – åpner 11:00" "Stengt – åpner 27.03. 11:00")))
    (should (equal (beacon--opening-status (list :openNow t)) "Åpen nå"))
    (should (equal (beacon--opening-status (list :openNow :json-false)) "Stengt nå"))
    (should-not (beacon--opening-status (list :raw "unknown" :openNow nil)))
    (should-not (beacon--opening-status nil))))

(ert-deftest beacon-rate-stores-and-shows-the-rating ()
  (beacon-tests--with-server
    (let* ((place (car (append (plist-get (beacon-tests--cafes) :places) nil)))
           (id (plist-get place :id)))
      (beacon-search "cafe")
      (beacon-details id)
      (beacon-rate id 4)
      (let ((ratings (beacon-call "rating/list" (list :placeId id))))
        (should (= (plist-get (plist-get ratings :summary) :count) 1))
        (should (= (plist-get (aref (plist-get ratings :ratings) 0) :stars) 4)))
      (should (string-search "★★★★☆  4,0 av 5 (1 vurdering)"
                             (with-current-buffer "*Beacon: sted*" (buffer-string))))
      (should (string-search "★ 4,0 (1)" (car (beacon-tests--lines "*Beacon*")))))))

(ert-deftest beacon-shows-the-servers-error-message ()
  (beacon-tests--with-server
    (let* ((id (plist-get (car (append (plist-get (beacon-tests--cafes) :places) nil)) :id))
           (expected (condition-case err
                         (jsonrpc-request (beacon--connection) 'rating/add (list :placeId id :stars 9))
                       (jsonrpc-error (alist-get 'jsonrpc-error-message (cdr err)))))
           (err (should-error (beacon-rate id 9) :type 'user-error)))
      (should (stringp expected))
      (should (equal (error-message-string err) expected))
      (should (equal (plist-get beacon-last-error :code) -32602))
      (should (equal (plist-get (plist-get beacon-last-error :data) :field) "stars")))))

(ert-deftest beacon-favorites-lists-mine-steder ()
  (beacon-tests--with-server
    (let* ((search (beacon-tests--cafes))
           (place (aref (plist-get search :places) 0)))
      (beacon-search "cafe")
      (with-current-buffer "*Beacon*"
        (goto-char (point-min))
        (should (eq (call-interactively #'beacon-toggle-favorite) t))
        (should (string-prefix-p " ♥" (car (beacon-tests--lines "*Beacon*")))))
      (beacon-rate (plist-get place :id) 5)
      (let ((line (car (beacon-tests--lines (beacon-favorites)))))
        (message "  Mine steder: %s" line)
        (should (string-prefix-p " ♥" line))
        (should (string-search (plist-get place :name) line))
        (should (string-match-p (regexp-quote (beacon-tests--shown-distance (plist-get place :distanceMeters))) line))
        (should (string-search "★ 5,0 (1)" line))))))

(ert-deftest beacon-restarts-a-dead-server-once ()
  (beacon-tests--with-server
    (beacon-call "ping")
    (let ((first (process-id beacon--process)))
      (signal-process beacon--process 'KILL)
      (beacon-tests--wait "the death" (lambda () (null beacon--connection)))
      (should (equal (beacon-call "ping") nil)) ; {} reads as an empty plist
      (should-not (equal (process-id beacon--process) first))
      (signal-process beacon--process 'KILL)
      (beacon-tests--wait "the second death" (lambda () (null beacon--connection)))
      (let ((err (should-error (beacon-call "ping") :type 'user-error)))
        (should (string-search "startes ikke på nytt" (cadr err))))
      (should (= (length beacon-tests--errors) 2)))))

(ert-deftest beacon-shutdown-ends-the-server-with-status-0 ()
  (beacon-tests--with-server
    (beacon-call "ping")
    (should (memq #'beacon-shutdown kill-emacs-hook))
    (beacon-shutdown)
    (should-not (process-live-p beacon--process))
    (should (eql beacon--last-exit-status 0))))

(ert-deftest beacon-package-headers-autoloads-and-clean-compile ()
  (with-temp-buffer
    (insert-file-contents beacon-tests--source)
    (should (equal (lm-header "Version") beacon-version))
    (should (equal (package-desc-reqs (package-buffer-info))
                   '((emacs (28 1)) (jsonrpc (1 0 14))))))
  (let* ((directory (make-temp-file "beacon-el-build-" t))
         (source (expand-file-name "beacon.el" directory)))
    (unwind-protect
        (progn
          (copy-file beacon-tests--source source)
          (package-generate-autoloads "beacon" directory)
          (with-temp-buffer
            (insert-file-contents (expand-file-name "beacon-autoloads.el" directory))
            (dolist (command '(beacon-search beacon-details beacon-rate beacon-favorites))
              (should (re-search-forward (format "(autoload '%s " command) nil t))
              (goto-char (point-min))))
          (let ((byte-compile-error-on-warn t))
            (should (byte-compile-file source))))
      (delete-directory directory t))))

(provide 'beacon-tests)
;;; beacon-tests.el ends here
