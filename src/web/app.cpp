#include "app.h"

#include "assets.h"
#include "templates.h"

namespace lectio::web {

using kainjow::mustache::data;

App::App(ServerOptions options, std::string base_url)
    : options_(std::move(options)),
      base_url_(std::move(base_url)),
      libraries_(options_.data_dir),
      sign_in_limiter_(options_.sign_in_per_minute),
      ask_limiter_(options_.ask_per_minute),
      engines_{"", options_.llm},
      jobs_(std::make_unique<Jobs>(
          options_.data_dir, engines_,
          options_.media_dir.empty() ? options_.data_dir / "audio" : options_.media_dir)) {}

namespace {

std::string static_url(std::string_view name) {
  const Asset* asset = find_asset("static/" + std::string(name));
  // The version parameter changes with the content, so the file can be cached for long.
  const std::string version = asset ? asset->etag.substr(1, 12) : "0";
  return "/static/" + std::string(name) + "?v=" + version;
}

}  // namespace

void App::send_page(Context& ctx, std::string_view name, data body_data, const std::string& title,
                    int status) {
  send_layout(ctx, name, render_body(ctx, name, std::move(body_data)), title, status);
}

std::string App::render_body(Context& ctx, std::string_view name, data body_data) {
  body_data.set("t", catalog_.messages(ctx.lang));
  body_data.set("lang", ctx.lang);
  body_data.set("csrf", ctx.csrf);
  if (ctx.user) body_data.set("signed_in", true);
  return render_template(name, body_data);
}

void App::send_layout(Context& ctx, std::string_view name, const std::string& body,
                      const std::string& title, int status) {
  ctx.send_html(layout_html(ctx, name, body, title), status);
}

std::string App::layout_html(Context& ctx, std::string_view name, const std::string& body,
                             const std::string& title) {
  const data& messages = catalog_.messages(ctx.lang);
  data layout;
  layout.set("t", messages);
  layout.set("lang", ctx.lang);
  layout.set("html_lang", std::string(html_lang(ctx.lang)));
  layout.set("title", title);
  layout.set("csrf", ctx.csrf);
  layout.set("body", body);
  layout.set("page", std::string(name));
  layout.set("css_url", static_url("app.css"));
  layout.set("js_url", static_url("app.js"));
  // Only pages with a script of their own get a second tag (an empty src is truthy to mustache).
  if (find_asset("static/" + std::string(name) + ".js")) {
    layout.set("page_js_url", static_url(std::string(name) + ".js"));
  }
  const std::string next = url_encode(path_without_lang(ctx.req));
  layout.set("switch_en", "/lang/en?next=" + next);
  layout.set("switch_zh", "/lang/zh?next=" + next);
  layout.set(ctx.lang == "zh" ? "is_zh" : "is_en", true);
  if (ctx.user) {
    data user;
    user.set("name", ctx.user->display_name.empty() ? ctx.user->name : ctx.user->display_name);
    layout.set("user", user);
  } else {
    layout.set("next", next);
  }
  return render_template("layout", layout);
}

}  // namespace lectio::web
