/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-file.h — opening the files a session names, without hanging on them
 *
 * Every file Cyclescope reads comes from somewhere it does not control: the
 * command line, a bundle's session.json, a perf.data mmap record, a model
 * directory, DWARF line tables. open(2) of a named pipe (FIFO) without a
 * writer blocks forever and /dev/zero never ends, so inputs are opened with
 * O_NONBLOCK, checked with fstat(2) to be regular files, and read no further
 * than the format allows. Errors are CS_DATA_ERROR_IO and name the file.
 */
#pragma once

#include <glib.h>
#include <sys/stat.h>

G_BEGIN_DECLS

/* Opens @path read-only and close-on-exec without blocking and fills @st.
 * The descriptor is still O_NONBLOCK (harmless for a regular file). -1 with
 * @error when it cannot be opened. */
int          cs_file_open_nonblocking (const char         *path,
                                       struct stat        *st,
                                       GError            **error);
/* What @st describes, for messages: "a named pipe (FIFO)", "a directory", … */
const char  *cs_file_kind             (const struct stat  *st);
/* FALSE with @error naming @path and what it is (a named pipe, a device, a
 * directory, …) unless @st describes a regular file. */
gboolean     cs_file_check_regular    (const char         *path,
                                       const struct stat  *st,
                                       GError            **error);
/* Both: a descriptor of a regular file, or -1 with @error. */
int          cs_file_open_regular     (const char         *path,
                                       struct stat        *st,
                                       GError            **error);
/* The largest source file the annotations read (DWARF names them). */
#define CS_FILE_SOURCE_MAX ((gsize) 64 << 20)

/* Reads the regular file @path whole, NUL-terminated like
 * g_file_get_contents(), when it has at most @max_size bytes (read, not
 * st_size: /proc files say 0); larger is an error naming the limit. */
gboolean     cs_file_read_regular     (const char         *path,
                                       gsize               max_size,
                                       char              **contents,
                                       gsize              *length,
                                       GError            **error);
/* Reads the first @len bytes of the regular file @path into @buf (to look
 * at a magic number): how many were read, -1 when it is no regular file or
 * cannot be read. */
gssize       cs_file_read_head        (const char         *path,
                                       void               *buf,
                                       gsize               len);
/* Maps the regular file @path read-only (an empty file maps to no bytes). */
GMappedFile *cs_file_map_regular      (const char         *path,
                                       GError            **error);

G_END_DECLS
