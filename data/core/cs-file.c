/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-file.c — opening the files a session names, without hanging on them */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "cs-error.h"
#include "cs-file.h"

int
cs_file_open_nonblocking (const char   *path,
                          struct stat  *st,
                          GError      **error)
{
  int fd;

  g_return_val_if_fail (path != NULL && st != NULL, -1);

  /* O_NONBLOCK: open(2) of a FIFO waits for a writer otherwise. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int errsv = errno;

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot open “%s”: %s"), path, g_strerror (errsv));
      return -1;
    }
  if (fstat (fd, st) != 0)
    {
      int errsv = errno;

      close (fd);
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot open “%s”: %s"), path, g_strerror (errsv));
      return -1;
    }
  return fd;
}

const char *
cs_file_kind (const struct stat *st)
{
  if (S_ISREG (st->st_mode))
    return _("a regular file");
  if (S_ISFIFO (st->st_mode))
    return _("a named pipe (FIFO)");
  if (S_ISCHR (st->st_mode))
    return _("a character device");
  if (S_ISBLK (st->st_mode))
    return _("a block device");
  if (S_ISSOCK (st->st_mode))
    return _("a socket");
  if (S_ISDIR (st->st_mode))
    return _("a directory");
  return _("not a file");
}

gboolean
cs_file_check_regular (const char         *path,
                       const struct stat  *st,
                       GError            **error)
{
  if (S_ISREG (st->st_mode))
    return TRUE;
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
               /* TRANSLATORS: the second %s is "a named pipe (FIFO)", "a character device", … */
               _("Cannot read “%s”: it is %s, not a regular file; give the path of the file itself"),
               path, cs_file_kind (st));
  return FALSE;
}

int
cs_file_open_regular (const char   *path,
                      struct stat  *st,
                      GError      **error)
{
  int fd = cs_file_open_nonblocking (path, st, error);

  if (fd >= 0 && !cs_file_check_regular (path, st, error))
    {
      close (fd);
      return -1;
    }
  return fd;
}

gboolean
cs_file_read_regular (const char  *path,
                      gsize        max_size,
                      char       **contents,
                      gsize       *length,
                      GError     **error)
{
  g_autofree char *buf = NULL;
  struct stat st;
  gsize len = 0, alloc;
  int fd;

  g_return_val_if_fail (contents != NULL, FALSE);

  if ((fd = cs_file_open_regular (path, &st, error)) < 0)
    return FALSE;
  /* st_size is a hint only: /proc files say 0, a growing file more later. */
  alloc = st.st_size > 0 && (guint64) st.st_size < max_size ? (gsize) st.st_size + 1 : 4096;
  buf = g_malloc (alloc);
  for (;;)
    {
      gssize n;

      if (len + 1 >= alloc)
        {
          alloc = MIN (alloc * 2, max_size + 2);
          buf = g_realloc (buf, alloc);
        }
      n = read (fd, buf + len, alloc - 1 - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;

          close (fd);
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                       _("Cannot read “%s”: %s"), path, g_strerror (errsv));
          return FALSE;
        }
      if (n == 0)
        break;
      len += n;
      if (len > max_size)
        {
          g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_LONG_FORMAT);

          close (fd);
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                       _("Cannot read “%s”: it is larger than %s, more than a file of its kind "
                         "can be"), path, limit);
          return FALSE;
        }
    }
  close (fd);
  buf[len] = '\0';
  if (length != NULL)
    *length = len;
  *contents = g_steal_pointer (&buf);
  return TRUE;
}

gssize
cs_file_read_head (const char *path,
                   void       *buf,
                   gsize       len)
{
  struct stat st;
  gsize got = 0;
  int fd;

  if ((fd = cs_file_open_regular (path, &st, NULL)) < 0)
    return -1;
  while (got < len)
    {
      gssize n = read (fd, (char *) buf + got, len - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += n;
    }
  close (fd);
  return got;
}

GMappedFile *
cs_file_map_regular (const char  *path,
                     GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  struct stat st;
  GMappedFile *map;
  int fd;

  if ((fd = cs_file_open_regular (path, &st, error)) < 0)
    return NULL;
  map = g_mapped_file_new_from_fd (fd, FALSE, &local_error);
  close (fd);
  if (map == NULL)
    g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                 _("Cannot read “%s”: %s"), path, local_error->message);
  return map;
}
