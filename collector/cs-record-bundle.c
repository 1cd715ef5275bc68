/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-bundle.c — the bundle directory: a previous recording moved aside, the new one created */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-record-private.h"

gboolean
_cs_recorder_is_bundle (const char *path)
{
  g_autofree char *json = g_build_filename (path, "session.json", NULL);
  return g_file_test (json, G_FILE_TEST_IS_REGULAR);
}

/* "PREFIX<digits>" at the start of @name: the rest after the digits, or
 * NULL. */
static const char *
after_number (const char *name,
              const char *prefix)
{
  const char *p;

  if (!g_str_has_prefix (name, prefix))
    return NULL;
  p = name + strlen (prefix);
  if (!g_ascii_isdigit (*p))
    return NULL;
  while (g_ascii_isdigit (*p))
    p++;
  return p;
}

/* The names the collector writes into a bundle (docs/session-format.md),
 * with the temporary files a killed recorder may leave behind (the region
 * library's per-process marks, .regions-RUN.PID[.tmp]): nothing else is
 * ever removed when an old recording is replaced. */
static gboolean
is_collector_file (const char *name)
{
  const char *p;

  if (strcmp (name, "session.json") == 0 || strcmp (name, "session.json.tmp") == 0)
    return TRUE;
  if ((p = after_number (name, "sampling-")) != NULL)
    return strcmp (p, ".perf.data") == 0 || strcmp (p, ".perf.data.tmp") == 0 ||
           strcmp (p, ".kallsyms") == 0 || strcmp (p, ".regions") == 0 ||
           /* g_mkstemp()'s six characters after "sampling-N.kallsyms." */
           (g_str_has_prefix (p, ".kallsyms.") && strlen (p) == strlen (".kallsyms.XXXXXX"));
  if ((p = after_number (name, ".regions-run-")) == NULL)
    p = after_number (name, ".regions-sampling-");
  if (p == NULL || *p != '.' || (p = after_number (p, ".")) == NULL)
    return FALSE;
  return *p == '\0' || strcmp (p, ".tmp") == 0;
}

static gboolean
set_remove_error (GError     **error,
                  const char  *path,
                  const char  *reason)
{
  g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
               /* TRANSLATORS: the second %s says why, e.g. "it is a symbolic link" */
               _("Cannot remove the old recording “%s”: %s. Move it away or choose another "
                 "name with -o"), path, reason);
  return FALSE;
}

/* Removes the old recording NAME in the directory @parent_fd without ever
 * following a symbolic link (an .old that points elsewhere must not cost
 * the user the files it points at) and only when every entry is a regular
 * file the collector writes; otherwise nothing is removed. */
static gboolean
remove_bundle (int          parent_fd,
               const char  *name,
               const char  *path,
               GError     **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  struct dirent *entry;
  struct stat st;
  DIR *dir;
  int fd;

  fd = openat (parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    {
      int errsv = errno;

      if (fstatat (parent_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK (st.st_mode))
        return set_remove_error (error, path, _("it is a symbolic link"));
      if (errsv == ENOTDIR)
        return set_remove_error (error, path, _("it is not a directory"));
      return set_remove_error (error, path, g_strerror (errsv));
    }
  if ((dir = fdopendir (fd)) == NULL)
    {
      int errsv = errno;

      close (fd);
      return set_remove_error (error, path, g_strerror (errsv));
    }

  /* Everything is checked before anything is removed. */
  while ((entry = readdir (dir)) != NULL)
    {
      g_autofree char *file = NULL;

      if (strcmp (entry->d_name, ".") == 0 || strcmp (entry->d_name, "..") == 0)
        continue;
      file = g_build_filename (path, entry->d_name, NULL);
      if (!is_collector_file (entry->d_name) ||
          fstatat (fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG (st.st_mode))
        {
          g_autofree char *reason =
            /* TRANSLATORS: %s is a file in the old recording's directory */
            g_strdup_printf (_("it holds “%s”, which is not a file a recording writes"), file);

          closedir (dir);
          return set_remove_error (error, path, reason);
        }
      g_ptr_array_add (files, g_strdup (entry->d_name));
    }
  for (guint i = 0; i < files->len; i++)
    if (unlinkat (fd, g_ptr_array_index (files, i), 0) != 0 && errno != ENOENT)
      {
        int errsv = errno;
        g_autofree char *file = g_build_filename (path, g_ptr_array_index (files, i), NULL);

        closedir (dir);
        return set_remove_error (error, file, g_strerror (errsv));
      }
  closedir (dir);
  if (unlinkat (parent_fd, name, AT_REMOVEDIR) != 0)
    {
      int errsv = errno;
      return set_remove_error (error, path, g_strerror (errsv));
    }
  return TRUE;
}

gboolean
_cs_recorder_prepare_bundle (CsRecorder  *self,
                             GError     **error)
{
  if (_cs_recorder_is_bundle (self->bundle_path))
    {
      g_autofree char *old = g_strconcat (self->bundle_path, ".old", NULL);
      g_autofree char *parent = g_path_get_dirname (self->bundle_path);
      g_autofree char *name = g_path_get_basename (self->bundle_path);
      g_autofree char *old_name = g_path_get_basename (old);
      struct stat st;
      int parent_fd;
      int errsv = 0;

      /* Relative to the directory's fd: what is checked is what is removed. */
      parent_fd = open (parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (parent_fd < 0)
        {
          errsv = errno;
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                       _("Cannot move the previous recording “%s” aside to “%s”: %s"),
                       self->bundle_path, old, g_strerror (errsv));
          return FALSE;
        }
      if (fstatat (parent_fd, old_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
          !remove_bundle (parent_fd, old_name, old, error))
        {
          close (parent_fd);
          return FALSE;
        }
      if (renameat (parent_fd, name, parent_fd, old_name) != 0)
        errsv = errno;
      close (parent_fd);
      if (errsv != 0)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                       _("Cannot move the previous recording “%s” aside to “%s”: %s"),
                       self->bundle_path, old, g_strerror (errsv));
          return FALSE;
        }
    }
  if (g_mkdir_with_parents (self->bundle_path, 0755) != 0)
    {
      int errsv = errno;
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                   _("Cannot create the recording directory “%s”: %s"),
                   self->bundle_path, g_strerror (errsv));
      return FALSE;
    }
  return TRUE;
}
